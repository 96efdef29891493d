package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.sub;
import static org.planewatch.agent.testing.Requests.subscribe;
import static org.planewatch.agent.testing.Requests.target;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SimScenarios;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.CapabilityResponse;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.sim.config.Scenario;

/** A small simulated fabric served over real gNMI on loopback. */
class SimulatedBackendTest {

    static final String FAILING_LINK = "p0-t0-0~p0-t1-0";

    static Scenario smallFabric() throws Exception {
        return SimScenarios.small();
    }

    private EmbeddedSimAgent agent;
    private GnmiClient client;

    private void start(SimOptions options, boolean allowFaults) throws Exception {
        agent = EmbeddedSimAgent.start(smallFabric(), options, allowFaults);
        client = new GnmiClient(agent.port());
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (agent != null) {
            agent.close();
        }
    }

    private static SetRequest set(String target, String path, TypedValue value) {
        return SetRequest.newBuilder()
                .setPrefix(target(target))
                .addUpdate(Update.newBuilder().setPath(path(path)).setVal(value))
                .build();
    }

    private static TypedValue str(String s) {
        return TypedValue.newBuilder().setStringVal(s).build();
    }

    private Notification get(String target, String p) {
        return client.blocking()
                .get(GetRequest.newBuilder()
                        .setPrefix(target(target))
                        .setEncoding(Encoding.PROTO)
                        .addPath(path(p))
                        .build())
                .getNotification(0);
    }

    /** Whether the notification (one event: its leaves share a prefix) takes an EV crossing {@code link} out of service. */
    private static boolean hasExclusionOn(Notification n, String link) {
        boolean crosses = n.getUpdateList().stream()
                .anyMatch(u -> SubscribeProbe.leaf(u).equals("links")
                        && List.of(u.getVal().getStringVal().split(",")).contains(link));
        boolean retired = n.getUpdateList().stream()
                .anyMatch(u -> SubscribeProbe.leaf(u).equals("to-state")
                        && !u.getVal().getStringVal().equals("GOOD"));
        return crosses && retired;
    }

    @Test
    void aLinkFailureInjectedBySetShowsUpAsExclusionEventsWithinOneSecond() throws Exception {
        start(SimOptions.defaults(), true);
        SubscribeProbe probe = SubscribeProbe.open(
                client.async(),
                subscribe(SubscriptionList.newBuilder()
                        .setPrefix(target("*"))
                        .setMode(SubscriptionList.Mode.STREAM)
                        .setEncoding(Encoding.PROTO)
                        .addSubscription(sub("mrc:/events", SubscriptionMode.ON_CHANGE, 0))));
        probe.untilSync();
        client.blocking().set(set("*", "sim:/links/link[name=" + FAILING_LINK + "]/config/state", str("DOWN")));
        long injected = System.nanoTime();
        Notification first = probe.until(n -> hasExclusionOn(n, FAILING_LINK)).getLast();
        long wallMs = (System.nanoTime() - injected) / 1_000_000;
        System.out.println("exclusion events arrived " + wallMs + " ms (wall) after the Set");
        assertTrue(wallMs < 1_000, "exclusion events arrived " + wallMs + " ms after the Set");
        assertTrue(
                first.getPrefix().getTarget().startsWith("host-"),
                first.getPrefix().getTarget());
        assertEquals("event", first.getPrefix().getElem(1).getName(), "the prefix names the event");
        probe.cancel();
    }

    @Test
    void capabilitiesAndTheClockPathAdvertiseTheDilation() throws Exception {
        start(SimOptions.defaults().withDilation(2000), false);
        CapabilityResponse caps = client.blocking().capabilities(CapabilityRequest.getDefaultInstance());
        String notes = caps.getExtension(0).getRegisteredExt().getMsg().toStringUtf8();
        assertTrue(notes.contains("dilation=2000.0"), notes);
        assertTrue(
                caps.getSupportedModelsList().stream().anyMatch(m -> m.getName().equals("planewatch-sim")));
        assertEquals(
                2000.0,
                get("host-0", "sim:/clock/state/dilation").getUpdate(0).getVal().getDoubleVal());
    }

    @Test
    @Timeout(30) // an agent that never publishes the counters fails here instead of hanging
    void queuePairsReportThePacketsTheySentAndRetransmitted() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(20), false);
        Map<String, Long> totals = qpTotals("host-1");
        while (totals.getOrDefault("tx-pkts", 0L) == 0) { // until the workload has sent
            awaitPublishes(1);
            totals = qpTotals("host-1");
        }
        assertTrue(totals.getOrDefault("tx-pkts", 0L) > 0, "host-1's QPs sent packets: " + totals);
        assertTrue(totals.containsKey("retransmits"), "every QP reports its retransmits: " + totals);
    }

    /** The sums of {@code tx-pkts} and {@code retransmits} over the host's QPs, by leaf. */
    private Map<String, Long> qpTotals(String host) {
        Map<String, Long> totals = new HashMap<>();
        for (Update u : get(host, "mrc:/qps/qp[qpn=*]/state").getUpdateList()) {
            String leaf = SubscribeProbe.leaf(u);
            if (leaf.equals("tx-pkts") || leaf.equals("retransmits")) {
                totals.merge(leaf, u.getVal().getUintVal(), Long::sum);
            }
        }
        return totals;
    }

    @Test
    void timestampsAreTheWallClockOverGnmiAndSimulatedTimeIsALeaf() throws Exception {
        start(SimOptions.defaults(), false); // dilation 1000, a sample each 100 ms
        // Half a second on: epoch + simulated time (0.5 ms) stands ~0.5 s behind the wall clock by then.
        while (System.currentTimeMillis() * 1_000_000L - agent.backend().epochNs() < 500_000_000L) {
            awaitPublishes(1);
        }
        // The sample a Get returns was taken at the latest publish, at most an interval (and some slack) ago.
        long before = (System.currentTimeMillis() - 250) * 1_000_000L;
        Notification n = get("host-1", "sim:/clock/state/sim-time-ns");
        long after = (System.currentTimeMillis() + 1) * 1_000_000L;
        long simNs = n.getUpdate(0).getVal().getUintVal();
        long epoch =
                get("host-1", "sim:/clock/state/epoch").getUpdate(0).getVal().getUintVal();
        assertEquals(agent.backend().epochNs(), epoch);
        assertTrue(
                n.getTimestamp() >= before && n.getTimestamp() <= after,
                "a Get is stamped with the wall clock: " + n.getTimestamp() + " not in [" + before + ", " + after
                        + "] (epoch + simulated time is " + (epoch + simNs) + ")");
        assertTrue(simNs > 0, "simulated time has moved: " + simNs);
    }

    @Test
    void pauseStopsSimulatedTimeAndResumeAndDilationChangesTakeEffect() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(20), true);
        client.blocking()
                .set(set(
                        "host-0",
                        "sim:/clock/config/paused",
                        TypedValue.newBuilder().setBoolVal(true).build()));
        long paused = agent.backend().simulatedNowNs();
        awaitPublishes(3);
        assertEquals(paused, agent.backend().simulatedNowNs(), "no simulated time passes while paused");
        assertTrue(
                get("host-0", "sim:/clock/state/paused").getUpdate(0).getVal().getBoolVal());

        client.blocking()
                .set(set(
                        "host-0",
                        "sim:/clock/config/dilation",
                        TypedValue.newBuilder().setDoubleVal(500).build()));
        client.blocking()
                .set(set(
                        "host-0",
                        "sim:/clock/config/paused",
                        TypedValue.newBuilder().setBoolVal(false).build()));
        assertEquals(500.0, agent.backend().dilation());
        while (agent.backend().simulatedNowNs() == paused) {
            awaitPublishes(1);
        }
    }

    private void awaitPublishes(int n) throws InterruptedException {
        Thread.sleep(
                n * 40L); // a few publish intervals of 20 ms: lets the simulation thread run, asserts nothing on time
    }

    @Test
    void aPlaneTakenDownBySetTakesTheHostsPortsDownAndASwitchRebootIsAccepted() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(20), true);
        client.blocking()
                .set(set(
                        "*",
                        "sim:/switches/switch[name=p0-t1-1]/config/reboot",
                        TypedValue.newBuilder().setUintVal(50_000).build()));
        client.blocking().set(set("*", "sim:/planes/plane[id=1]/config/state", str("DOWN")));
        String status = "UP";
        while (!status.equals("DOWN")) {
            awaitPublishes(1);
            status = get("host-5", "mrc:/planes/plane[id=1]/state/oper-status")
                    .getUpdate(0)
                    .getVal()
                    .getStringVal();
        }
        assertEquals(
                "UP",
                get("host-5", "mrc:/planes/plane[id=0]/state/oper-status")
                        .getUpdate(0)
                        .getVal()
                        .getStringVal());
    }

    @Test
    void faultInjectionWithoutTheFlagIsPermissionDenied() throws Exception {
        start(SimOptions.defaults(), false);
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking()
                        .set(set("host-0", "sim:/links/link[name=" + FAILING_LINK + "]/config/state", str("DOWN"))));
        assertEquals(Status.Code.PERMISSION_DENIED, e.getStatus().getCode());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "sim:/switches/switch[name=p0-t1-1]/config/reboot|Infinity|from 1 to 60000000000",
                "sim:/switches/switch[name=p0-t1-1]/config/reboot|1e15|from 1 to 60000000000",
                "sim:/switches/switch[name=p0-t1-1]/config/reboot|2.5|a whole number",
                "sim:/switches/switch[name=p0-t1-1]/config/reboot|NaN|from 1 to 60000000000",
                "sim:/clock/config/dilation|1e-300|from 1 to 1000000",
                "sim:/clock/config/dilation|Infinity|from 1 to 1000000",
                "sim:/clock/config/dilation|NaN|from 1 to 1000000",
                "sim:/clock/config/dilation|0.5|from 1 to 1000000"
            })
    void aSetValueOutsideItsRangeIsInvalidArgumentNamingLeafValueAndRange(String leaf, double value, String range)
            throws Exception {
        start(SimOptions.defaults(), true);
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking()
                        .set(set(
                                "host-0",
                                leaf,
                                TypedValue.newBuilder().setDoubleVal(value).build())));
        assertEquals(
                Status.Code.INVALID_ARGUMENT,
                e.getStatus().getCode(),
                e.getStatus().toString());
        String message = e.getStatus().getDescription();
        assertTrue(message.contains(leaf.substring(leaf.lastIndexOf('/') + 1)), message);
        assertTrue(message.contains(Double.toString(value)), message);
        assertTrue(message.contains(range), message);
        assertEquals(1000.0, agent.backend().dilation(), "the clock kept its pace");
    }

    @Test
    void faultInjectionOnAnUnknownLinkSaysWhichNamesExist() throws Exception {
        start(SimOptions.defaults(), true);
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking().set(set("host-0", "sim:/links/link[name=nowhere]/config/state", str("DOWN"))));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        assertTrue(
                e.getStatus().getDescription().contains("no link named 'nowhere'"),
                e.getStatus().getDescription());
        StatusRuntimeException plane = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking().set(set("host-0", "sim:/planes/plane[id=9]/config/state", str("DOWN"))));
        assertTrue(
                plane.getStatus().getDescription().contains("planes are 0..1"),
                plane.getStatus().getDescription());
    }

    @Test
    void everyHostAndSwitchIsATargetAndServesItsCounters() throws Exception {
        start(SimOptions.defaults(), false);
        List<String> targets =
                agent.backend().targets().stream().map(t -> t.name()).toList();
        assertEquals(8 + 2 * (2 + 2), targets.size(), targets.toString());
        assertTrue(targets.contains("p1-t1-1"), targets.toString());
        Notification host = get("host-3", "mrc:/planes/plane[id=1]/state/port-name");
        assertEquals("eth1", host.getUpdate(0).getVal().getStringVal());
        Notification sw =
                get("p0-t0-0", "/qos/interfaces/interface/output/queues/queue[name=data]/state/transmit-pkts");
        assertTrue(sw.getUpdateCount() > 0);
    }

    @Test
    void oneDeviceDeploymentServesOnlyThatTargetWithoutAPrefix() throws Exception {
        start(SimOptions.defaults().withTarget("host-7"), false);
        assertEquals(1, agent.backend().targets().size());
        assertEquals(
                "UP",
                get("", "mrc:/planes/plane[id=0]/state/oper-status")
                        .getUpdate(0)
                        .getVal()
                        .getStringVal());
        assertThrows(
                IllegalArgumentException.class,
                () -> new SimulatedBackend(smallFabric(), SimOptions.defaults().withTarget("host-99")));
    }

    @Test
    void countersMoveWhileTheSimulationRuns() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(20), false);
        long first = get("host-2", "mrc:/planes/plane[id=0]/state/tx-pkts")
                .getUpdate(0)
                .getVal()
                .getUintVal();
        long later = first;
        while (later == first) {
            awaitPublishes(1);
            later = get("host-2", "mrc:/planes/plane[id=0]/state/tx-pkts")
                    .getUpdate(0)
                    .getVal()
                    .getUintVal();
        }
        assertTrue(later > first);
    }

    @Test
    void aSampledDeviceArrivesAsOneNotificationOfFullPathsUnderItsTarget() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(20), false);
        SubscribeProbe probe = SubscribeProbe.open(
                client.async(),
                subscribe(SubscriptionList.newBuilder()
                        .setPrefix(target("*"))
                        .setMode(SubscriptionList.Mode.STREAM)
                        .setEncoding(Encoding.PROTO)
                        .addSubscription(sub("mrc:/planes", SubscriptionMode.SAMPLE, 100_000_000L))));
        probe.untilSync();
        Notification host =
                probe.until(n -> n.getPrefix().getTarget().equals("host-3")).getLast();
        assertEquals(0, host.getPrefix().getElemCount(), "the prefix names only the target");
        Notification get = client.blocking()
                .get(GetRequest.newBuilder()
                        .setPrefix(target("host-3"))
                        .setEncoding(Encoding.PROTO)
                        .addPath(path("mrc:/planes"))
                        .build())
                .getNotification(0);
        assertEquals(
                get.getUpdateCount(), host.getUpdateCount(), "every sampled leaf of the device in one notification");
        Set<String> sampled = new HashSet<>();
        for (Update u : host.getUpdateList()) {
            sampled.add(u.getPath().getOrigin() + ":" + u.getPath().getElemList());
        }
        for (Update u : get.getUpdateList()) {
            assertTrue(
                    sampled.contains(u.getPath().getOrigin() + ":" + u.getPath().getElemList()),
                    u.getPath().toString());
        }
        probe.cancel();
    }

    private boolean publishesEvLeaves(String host) {
        return agent.backend().read(host).leaves().keySet().stream()
                .anyMatch(p -> p.elems().stream().anyMatch(e -> e.name().equals("evs")));
    }

    @Test
    void anExplicitEvSubscriptionOnOneHostGetsEvStatesWhileAWildcardSubscriberPaysForNone() throws Exception {
        start(SimOptions.defaults().withPublishIntervalMs(20), false);
        SubscribeProbe everything = SubscribeProbe.open(
                client.async(),
                subscribe(SubscriptionList.newBuilder()
                        .setPrefix(target("*"))
                        .setMode(SubscriptionList.Mode.STREAM)
                        .setEncoding(Encoding.PROTO)
                        .addSubscription(sub("mrc:/", SubscriptionMode.SAMPLE, 100_000_000L))));
        everything.untilSync();
        for (var t : agent.backend().targets()) {
            assertTrue(!publishesEvLeaves(t.name()), t.name() + " publishes per-EV leaves for a wildcard subscriber");
        }

        SubscribeProbe evs = SubscribeProbe.open(
                client.async(),
                subscribe(SubscriptionList.newBuilder()
                        .setPrefix(target("host-2"))
                        .setMode(SubscriptionList.Mode.STREAM)
                        .setEncoding(Encoding.PROTO)
                        .addSubscription(sub("mrc:/qps/qp/evs", SubscriptionMode.TARGET_DEFINED, 0))));
        List<Notification> initial = evs.untilSync();
        List<String> states = initial.stream()
                .flatMap(n -> n.getUpdateList().stream())
                .filter(u -> SubscribeProbe.leaf(u).equals("state"))
                .map(u -> u.getVal().getStringVal())
                .toList();
        assertEquals(16, states.size(), "one state per EV of host-2's QP: " + states);
        assertTrue(
                states.stream()
                        .allMatch(s -> List.of("GOOD", "ASSUMED_BAD", "DENIED", "UNKNOWN")
                                .contains(s)),
                states.toString());
        assertTrue(publishesEvLeaves("host-2"));
        assertTrue(!publishesEvLeaves("host-3"), "a host nobody asked about publishes no per-EV leaves");

        evs.cancel();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (publishesEvLeaves("host-2") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(!publishesEvLeaves("host-2"), "per-EV leaves stop once the explicit subscription ends");
        everything.cancel();
    }
}
