package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.backend.ConfigWriteException;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.CapabilityResponse;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.GetResponse;
import org.planewatch.gnmi.proto.ModelData;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class GetCapabilitiesSetTest {

    private TestFabric fabric;
    private GnmiClient client;

    @BeforeEach
    void start() throws Exception {
        fabric = new TestFabric();
        client = fabric.client();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        fabric.close();
    }

    private GetResponse get(String target, String... paths) {
        return get(target, Encoding.PROTO, paths);
    }

    private GetResponse get(String target, Encoding encoding, String... paths) {
        GetRequest.Builder req =
                GetRequest.newBuilder().setPrefix(target(target)).setEncoding(encoding);
        for (String p : paths) {
            req.addPath(path(p));
        }
        return client.blocking().get(req.build());
    }

    private static Status.Code failure(Runnable call) {
        return assertThrows(StatusRuntimeException.class, call::run).getStatus().getCode();
    }

    @Test
    void capabilitiesAdvertiseVersionEncodingsAndModels() {
        CapabilityResponse caps = client.blocking().capabilities(CapabilityRequest.getDefaultInstance());
        assertEquals("0.10.0", caps.getGNMIVersion());
        assertTrue(caps.getSupportedEncodingsList().containsAll(List.of(Encoding.PROTO, Encoding.JSON_IETF)));
        List<String> models =
                caps.getSupportedModelsList().stream().map(ModelData::getName).toList();
        assertTrue(
                models.containsAll(List.of("openconfig-interfaces", "openconfig-qos", "planewatch-mrc")),
                models.toString());
    }

    @Test
    void getReturnsTheLeafWithItsCollectionTimestampAndEchoesTheTarget() {
        fabric.clockNs.addAndGet(5);
        fabric.backend.put(
                "host-0001", "/interfaces/interface[name=eth0]/state/counters/in-octets", TestFabric.uint(4242));
        GetResponse r = get("host-0001", "/interfaces/interface[name=eth0]/state/counters/in-octets");
        Notification n = r.getNotification(0);
        assertEquals("host-0001", n.getPrefix().getTarget());
        assertEquals(TestFabric.START_NS + 5, n.getTimestamp());
        assertEquals(1, n.getUpdateCount());
        assertEquals(4242, n.getUpdate(0).getVal().getUintVal());
    }

    @Test
    void getWithOmittedOrStarKeysReturnsEveryInterface() {
        for (String p : List.of(
                "/interfaces/interface/state/counters/in-octets",
                "/interfaces/interface[name=*]/state/counters/in-octets",
                "/.../in-octets")) {
            Notification n = get("host-0002", p).getNotification(0);
            List<String> names = n.getUpdateList().stream()
                    .map(u -> u.getPath().getElem(1).getKeyOrThrow("name"))
                    .sorted()
                    .toList();
            assertEquals(List.of("eth0", "eth1"), names, p);
        }
    }

    @Test
    void getOnAllTargetsNamesEachDeviceInItsNotification() {
        GetResponse r = get("*", "/interfaces");
        List<String> targets = r.getNotificationList().stream()
                .map(n -> n.getPrefix().getTarget())
                .sorted()
                .toList();
        assertEquals(List.of("host-0001", "host-0002", "p0-t0-0"), targets);
    }

    @Test
    void getJsonIetfEncodesUint64AsAString() {
        Update u = get("host-0001", Encoding.JSON_IETF, "mrc:/planes/plane[id=0]/state/tx-pkts")
                .getNotification(0)
                .getUpdate(0);
        assertEquals("\"10\"", u.getVal().getJsonIetfVal().toStringUtf8());
        Update s = get("host-0001", Encoding.JSON_IETF, "mrc:/planes/plane[id=0]/state/oper-status")
                .getNotification(0)
                .getUpdate(0);
        assertEquals("\"UP\"", s.getVal().getJsonIetfVal().toStringUtf8());
    }

    @Test
    void getOfAPathOutsideTheSchemaIsNotFoundAndSaysSo() {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> get("host-0001", "/system/cpus"));
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        assertTrue(
                e.getStatus().getDescription().contains("/system/cpus"),
                e.getStatus().getDescription());
    }

    @Test
    void getOfASchemaPathWithoutDataIsNotFound() {
        assertEquals(Status.Code.NOT_FOUND, failure(() -> get("host-0001", "/interfaces/interface[name=eth9]")));
    }

    @Test
    void getOfAnUnknownTargetIsNotFound() {
        assertEquals(Status.Code.NOT_FOUND, failure(() -> get("host-9999", "/interfaces")));
    }

    @Test
    void getWithoutTargetOnAMultiTargetAgentIsInvalid() {
        assertEquals(Status.Code.INVALID_ARGUMENT, failure(() -> get("", "/interfaces")));
    }

    @Test
    void getWithAnUnsupportedEncodingIsUnimplemented() {
        assertEquals(Status.Code.UNIMPLEMENTED, failure(() -> get("host-0001", Encoding.ASCII, "/interfaces")));
    }

    @Test
    void getWithTheDeprecatedElementFieldIsInvalid() {
        GetRequest req = GetRequest.newBuilder()
                .setPrefix(target("host-0001"))
                .addPath(Path.newBuilder().addElement("interfaces"))
                .build();
        assertEquals(
                Status.Code.INVALID_ARGUMENT, failure(() -> client.blocking().get(req)));
    }

    @Test
    void agentCountersAreServedOnEveryTarget() {
        Notification n = get("p0-t0-0", "mrc:/agent/state").getNotification(0);
        assertTrue(n.getUpdateList().stream()
                .anyMatch(u -> u.getPath().getElem(2).getName().equals("coalesced-updates")));
    }

    private SetRequest setLinkDown() {
        return SetRequest.newBuilder()
                .setPrefix(target("host-0001"))
                .addUpdate(Update.newBuilder()
                        .setPath(path("sim:/links/link[name=l1]/config/state"))
                        .setVal(TypedValue.newBuilder().setStringVal("DOWN")))
                .build();
    }

    @Test
    void setOfStateLeavesIsUnimplemented() {
        SetRequest req = SetRequest.newBuilder()
                .setPrefix(target("host-0001"))
                .addUpdate(Update.newBuilder()
                        .setPath(path("/interfaces/interface[name=eth0]/state/oper-status"))
                        .setVal(TypedValue.newBuilder().setStringVal("DOWN")))
                .build();
        assertEquals(Status.Code.UNIMPLEMENTED, failure(() -> client.blocking().set(req)));
    }

    @Test
    void setOfFaultPathsWithoutAWritableBackEndIsUnimplemented() {
        assertEquals(Status.Code.UNIMPLEMENTED, failure(() -> client.blocking().set(setLinkDown())));
    }

    @Test
    void setOfFaultPathsWithoutPermissionIsDenied() {
        fabric.backend.setConfigWriter((target, p, v) -> {
            throw new AssertionError("must not be called");
        });
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class, () -> client.blocking().set(setLinkDown()));
        assertEquals(Status.Code.PERMISSION_DENIED, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().contains("--allow-fault-injection"));
    }

    @Test
    void setOfFaultPathsWithPermissionReachesTheBackEnd() throws Exception {
        try (TestFabric allowed = new TestFabric(TestFabric.options().withAllowConfigWrites(true), c -> c);
                GnmiClient c = allowed.client()) {
            AtomicReference<String> written = new AtomicReference<>();
            allowed.backend.setConfigWriter((target, p, v) -> written.set(target + " " + p + " " + v.text()));
            c.blocking().set(setLinkDown());
            assertEquals("host-0001 sim:/links/link[name=l1]/config/state DOWN", written.get());

            allowed.backend.setConfigWriter((target, p, v) -> {
                throw new ConfigWriteException("no link named l1");
            });
            StatusRuntimeException e = assertThrows(
                    StatusRuntimeException.class, () -> c.blocking().set(setLinkDown()));
            assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
            assertTrue(e.getStatus().getDescription().contains("no link named l1"));
        }
    }

    @Test
    void serverReflectionListsTheGnmiService() throws Exception {
        CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> req = ServerReflectionGrpc.newStub(client.channel())
                .serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse value) {
                        answer.complete(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        answer.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {}
                });
        req.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        List<String> services = answer.get(10, TimeUnit.SECONDS).getListServicesResponse().getServiceList().stream()
                .map(s -> s.getName())
                .toList();
        req.onCompleted();
        assertTrue(services.contains("gnmi.gNMI"), services.toString());
    }

    @Test
    void valuesConvertBothWays() {
        assertEquals(
                new TelemetryValue.Str("DOWN"),
                ProtoCodec.fromProto(
                        TypedValue.newBuilder().setStringVal("DOWN").build()));
        assertEquals(
                TelemetryPath.parse("sim:/a/b[k=v]"),
                ProtoCodec.join(Path.getDefaultInstance(), path("sim:/a/b[k=v]")));
    }
}
