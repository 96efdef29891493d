package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.testing.LoopbackAgent;
import org.planewatch.agent.testing.Requests;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Issue 16: no request ties up the agent. A real agent on loopback over an in-memory back end of
 * {@value #TARGETS} hosts with {@value #INTERFACES} interfaces of {@value #COUNTERS} counters each
 * (every host's interfaces named apart, so no two hosts share a leaf path).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RequestLimitsTest {

    static final int TARGETS = 10;
    static final int INTERFACES = 350;
    static final int COUNTERS = 14;
    static final int LEAVES = TARGETS * INTERFACES * COUNTERS;

    private LoopbackAgent agent;

    private void start(GnmiOptions options) throws Exception {
        List<TargetInfo> targets = new ArrayList<>();
        for (int t = 0; t < TARGETS; t++) {
            targets.add(new TargetInfo("host-" + t, DeviceRole.HOST));
        }
        InMemoryBackend backend = new InMemoryBackend(targets, () -> 1_700_000_000_000_000_000L);
        for (int t = 0; t < TARGETS; t++) {
            Map<TelemetryPath, TelemetryValue> leaves = new LinkedHashMap<>();
            for (int i = 0; i < INTERFACES; i++) {
                TelemetryPath counters = TelemetryPath.parse("/interfaces")
                        .child("interface", "name", "h" + t + "-eth" + i)
                        .child("state")
                        .child("counters");
                for (int c = 0; c < COUNTERS; c++) {
                    leaves.put(counters.child(PathElem.of("c" + c)), new TelemetryValue.Uint(c));
                }
            }
            backend.putAll("host-" + t, leaves);
        }
        agent = LoopbackAgent.serve(backend, options);
    }

    @AfterEach
    void stop() throws Exception {
        LoopbackAgent.stop(agent);
    }

    private static List<Subscription> interfacesNamed(String prefix, int count) {
        List<Subscription> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(Subscription.newBuilder()
                    .setPath(path("/interfaces/interface[name=" + prefix + i + "]/state"))
                    .build());
        }
        return out;
    }

    @Test
    void aSubscriptionListOverTheLimitIsResourceExhaustedNamingTheLimitAndTheCount() throws Exception {
        start(GnmiOptions.defaults());
        Status end = SubscribeProbe.open(
                        agent.client().async(),
                        Requests.subscribe("*", SubscriptionList.Mode.ONCE, interfacesNamed("nothing-", 1_001)))
                .end();
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, end.getCode(), end.toString());
        assertTrue(end.getDescription().contains("1001 subscriptions"), end.getDescription());
        assertTrue(end.getDescription().contains("limit of 1000"), end.getDescription());
        assertTrue(end.getDescription().contains("--max-paths-per-request"), end.getDescription());
        assertEquals(0, agent.server().stats().activeSubscriptions());

        GetRequest.Builder get = GetRequest.newBuilder().setPrefix(target("*"));
        interfacesNamed("nothing-", 1_001).forEach(s -> get.addPath(s.getPath()));
        StatusRuntimeException refused = Assertions.assertThrows(
                StatusRuntimeException.class, () -> agent.client().blocking().get(get.build()));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getStatus().getCode());
        assertTrue(
                refused.getStatus().getDescription().contains("1001 paths in the GetRequest"),
                refused.getStatus().getDescription());
    }

    @Test
    void aThousandSubscriptionsCostAFewSelectionStepsPerLeafNotAThousand() throws Exception {
        // Budget: 10 steps per leaf. Testing each leaf against each subscription cost 1,000 per leaf
        // (and remembered every answer per subscription: 49 million entries here).
        start(GnmiOptions.defaults().withMaxSelectionSteps(10L * LEAVES));
        SubscribeProbe probe = SubscribeProbe.open(
                agent.client().async(),
                Requests.subscribe("*", SubscriptionList.Mode.ONCE, interfacesNamed("nothing-", 1_000)));
        assertEquals(List.of(), probe.untilSync());
        assertEquals(Status.Code.OK, probe.end().getCode());
    }

    @Test
    void aRequestNeedingMoreSelectionWorkThanTheLimitIsResourceExhausted() throws Exception {
        // 200 wildcard names: each interface leaf is tested against every one of them (about 200 steps a
        // leaf), far beyond the steps a leaf may cost for free; a plain /interfaces costs a few.
        start(GnmiOptions.defaults().withMaxSelectionSteps(10_000));
        List<Subscription> costly = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            costly.add(Subscription.newBuilder()
                    .setPath(path("/interfaces/*[name=nothing-" + i + "]/state"))
                    .build());
        }
        Status end = SubscribeProbe.open(
                        agent.client().async(), Requests.subscribe("*", SubscriptionList.Mode.ONCE, costly))
                .end();
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, end.getCode(), end.toString());
        assertTrue(end.getDescription().contains("more than 10000 steps beyond 32 per leaf"), end.getDescription());
        assertTrue(end.getDescription().contains("--max-selection-steps"), end.getDescription());
        awaitNoSubscription();

        GetRequest.Builder get = GetRequest.newBuilder().setPrefix(target("*"));
        costly.forEach(s -> get.addPath(s.getPath()));
        StatusRuntimeException refused = Assertions.assertThrows(
                StatusRuntimeException.class, () -> agent.client().blocking().get(get.build()));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getStatus().getCode());

        // Everything, plainly: a few steps a leaf, within what each leaf may cost, however many leaves.
        SubscribeProbe plain = SubscribeProbe.open(
                agent.client().async(),
                Requests.subscribe(
                        "*",
                        SubscriptionList.Mode.ONCE,
                        List.of(Subscription.newBuilder()
                                .setPath(path("/interfaces"))
                                .build())));
        assertEquals(
                LEAVES,
                plain.untilSync().stream().mapToInt(n -> n.getUpdateCount()).sum());
    }

    @Test
    void cancellingAStreamStopsItsSelectionAtOnce() throws Exception {
        // 20,000 subscriptions with a wildcard element (any name, one interface) that matches no leaf: every interface
        // leaf is
        // tested against each of them, seconds of work even for the index; the finding's request.
        start(GnmiOptions.defaults().withMaxPathsPerRequest(20_000).withMaxSelectionSteps(Long.MAX_VALUE));
        List<Subscription> costly = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            costly.add(Subscription.newBuilder()
                    .setPath(path("/interfaces/*[name=nothing-" + i + "]/state"))
                    .build());
        }
        SubscribeProbe probe = SubscribeProbe.open(
                agent.client().async(), Requests.subscribe("*", SubscriptionList.Mode.ONCE, costly));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (agent.server().stats().activeSubscriptions() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, agent.server().stats().activeSubscriptions(), "the subscription started");
        Thread.sleep(300);
        assertTrue(!probe.hasPending(), "the selection was still under way when the client cancelled");
        probe.cancel();
        long cancelled = System.nanoTime();
        awaitNoSubscription();
        long stoppedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelled);
        System.out.println("selection stopped " + stoppedMs + " ms after the cancel");
    }

    /** Fails unless the agent closes every stream within 2 s: a selection still running keeps its stream open. */
    private void awaitNoSubscription() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (agent.server().stats().activeSubscriptions() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(
                0,
                agent.server().stats().activeSubscriptions(),
                "a stream is still open (its selection still running) 2 s later");
    }
}
