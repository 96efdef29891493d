package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.sub;
import static org.planewatch.agent.testing.Requests.subscribe;
import static org.planewatch.agent.testing.Requests.target;
import static org.planewatch.agent.testing.SubscribeProbe.hasLeaf;
import static org.planewatch.agent.testing.TestFabric.str;
import static org.planewatch.agent.testing.TestFabric.uint;
import static org.planewatch.gnmi.proto.SubscriptionList.Mode.ONCE;
import static org.planewatch.gnmi.proto.SubscriptionList.Mode.POLL;
import static org.planewatch.gnmi.proto.SubscriptionList.Mode.STREAM;
import static org.planewatch.gnmi.proto.SubscriptionMode.ON_CHANGE;
import static org.planewatch.gnmi.proto.SubscriptionMode.SAMPLE;
import static org.planewatch.gnmi.proto.SubscriptionMode.TARGET_DEFINED;

import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.Poll;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.Update;

class SubscribeTest {

    private static final String IN_OCTETS = "/interfaces/interface[name=eth0]/state/counters/in-octets";
    private static final String OPER = "/interfaces/interface[name=eth0]/state/oper-status";

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

    private SubscribeProbe open(SubscribeRequest request) {
        return SubscribeProbe.open(client.async(), request);
    }

    private static Set<String> leaves(List<Notification> notifications) {
        return notifications.stream()
                .flatMap(n -> n.getUpdateList().stream())
                .map(SubscribeProbe::leaf)
                .collect(Collectors.toSet());
    }

    private static long uintOf(Notification n, String leaf) {
        return n.getUpdateList().stream()
                .filter(u -> SubscribeProbe.leaf(u).equals(leaf))
                .findFirst()
                .orElseThrow()
                .getVal()
                .getUintVal();
    }

    @Test
    void onceSendsCurrentValuesThenSyncThenCloses() throws Exception {
        SubscribeProbe probe =
                open(subscribe("host-0001", ONCE, sub("/interfaces/interface[name=eth0]", TARGET_DEFINED, 0)));
        List<Notification> initial = probe.untilSync();
        assertEquals(Set.of("in-octets", "out-octets", "oper-status"), leaves(initial));
        assertEquals("host-0001", initial.getFirst().getPrefix().getTarget());
        assertEquals(Status.Code.OK, probe.end().getCode());
    }

    @Test
    void pollAnswersEachPollWithCurrentValuesAndSync() throws Exception {
        SubscribeProbe probe = open(subscribe("host-0001", POLL, sub(IN_OCTETS, TARGET_DEFINED, 0)));
        assertEquals(100, uintOf(probe.untilSync().getFirst(), "in-octets"));
        fabric.backend.put("host-0001", IN_OCTETS, uint(150));
        probe.send(
                SubscribeRequest.newBuilder().setPoll(Poll.getDefaultInstance()).build());
        assertEquals(150, uintOf(probe.untilSync().getFirst(), "in-octets"));
        probe.send(
                SubscribeRequest.newBuilder().setPoll(Poll.getDefaultInstance()).build());
        assertEquals(150, uintOf(probe.untilSync().getFirst(), "in-octets"));
        probe.cancel();
    }

    @Test
    void pollOnAStreamSubscriptionIsInvalid() throws Exception {
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, sub(OPER, ON_CHANGE, 0)));
        probe.untilSync();
        probe.send(
                SubscribeRequest.newBuilder().setPoll(Poll.getDefaultInstance()).build());
        Status end = probe.end();
        assertEquals(Status.Code.INVALID_ARGUMENT, end.getCode());
        assertTrue(end.getDescription().contains("POLL"), end.getDescription());
    }

    @Test
    void pollBeforeTheSubscriptionListIsInvalid() throws Exception {
        SubscribeProbe probe = open(
                SubscribeRequest.newBuilder().setPoll(Poll.getDefaultInstance()).build());
        assertEquals(Status.Code.INVALID_ARGUMENT, probe.end().getCode());
    }

    @Test
    void aSecondSubscriptionListIsInvalid() throws Exception {
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, sub(OPER, ON_CHANGE, 0)));
        probe.untilSync();
        probe.send(subscribe("host-0001", STREAM, sub(OPER, ON_CHANGE, 0)));
        assertEquals(Status.Code.INVALID_ARGUMENT, probe.end().getCode());
    }

    @Test
    void aPathElementWithoutANameIsInvalid() throws Exception {
        Subscription bad = Subscription.newBuilder()
                .setPath(Path.newBuilder()
                        .addElem(PathElem.newBuilder().setName("interfaces"))
                        .addElem(PathElem.newBuilder()))
                .setMode(ON_CHANGE)
                .build();
        Status end = open(subscribe("host-0001", STREAM, bad)).end();
        assertEquals(Status.Code.INVALID_ARGUMENT, end.getCode());
        assertTrue(end.getDescription().contains("empty name"), end.getDescription());
    }

    @Test
    void twoDifferentOriginsAreInvalid() throws Exception {
        SubscribeProbe probe = open(subscribe(SubscriptionList.newBuilder()
                .setPrefix(path("mrc:/planes").toBuilder().setTarget("host-0001"))
                .setMode(ONCE)
                .addSubscription(Subscription.newBuilder().setPath(path("sim:/clock")))));
        Status end = probe.end();
        assertEquals(Status.Code.INVALID_ARGUMENT, end.getCode());
        assertTrue(end.getDescription().contains("origin given twice"), end.getDescription());
    }

    @Test
    void anEmptySubscriptionListIsInvalid() throws Exception {
        SubscribeProbe probe = open(subscribe("host-0001", STREAM));
        assertEquals(Status.Code.INVALID_ARGUMENT, probe.end().getCode());
    }

    @Test
    void sampleStreamsEveryIntervalEvenWithoutChange() throws Exception {
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, sub(IN_OCTETS, SAMPLE, TestFabric.MIN_SAMPLE_NS)));
        assertEquals(Set.of("in-octets"), leaves(probe.untilSync()));
        for (int i = 0; i < 3; i++) {
            assertEquals(100, uintOf(probe.until(n -> hasLeaf(n, "in-octets")).getLast(), "in-octets"));
        }
        fabric.backend.put("host-0001", IN_OCTETS, uint(101));
        probe.until(n -> hasLeaf(n, "in-octets") && uintOf(n, "in-octets") == 101);
        probe.cancel();
    }

    @Test
    void sampleIntervalBelowTheMinimumIsInvalidArgument() throws Exception {
        SubscribeProbe probe =
                open(subscribe("host-0001", STREAM, sub(IN_OCTETS, SAMPLE, TestFabric.MIN_SAMPLE_NS - 1)));
        Status end = probe.end();
        assertEquals(Status.Code.INVALID_ARGUMENT, end.getCode());
        assertTrue(end.getDescription().contains("below the agent's minimum"), end.getDescription());
    }

    @Test
    void anUnsupportedEncodingIsUnimplemented() throws Exception {
        SubscribeProbe probe = open(subscribe(SubscriptionList.newBuilder()
                .setPrefix(target("host-0001"))
                .setEncoding(Encoding.BYTES)
                .addSubscription(sub(OPER, ON_CHANGE, 0))));
        assertEquals(Status.Code.UNIMPLEMENTED, probe.end().getCode());
    }

    @Test
    void anUnknownTargetIsNotFound() throws Exception {
        SubscribeProbe probe = open(subscribe("host-9999", STREAM, sub(OPER, ON_CHANGE, 0)));
        assertEquals(Status.Code.NOT_FOUND, probe.end().getCode());
    }

    @Test
    void onChangeSendsInitialStateThenOnlyChanges() throws Exception {
        SubscribeProbe probe =
                open(subscribe("host-0001", STREAM, sub("/interfaces/interface[name=eth0]", ON_CHANGE, 0)));
        assertEquals(Set.of("in-octets", "out-octets", "oper-status"), leaves(probe.untilSync()));
        fabric.clockNs.addAndGet(1_000);
        fabric.backend.put("host-0001", OPER, str("DOWN"));
        List<Notification> after = probe.until(n -> hasLeaf(n, "oper-status"));
        Notification change = after.getLast();
        assertEquals(Set.of("oper-status"), leaves(after));
        assertEquals("DOWN", change.getUpdate(0).getVal().getStringVal());
        assertEquals(TestFabric.START_NS + 1_000, change.getTimestamp());
        probe.cancel();
    }

    @Test
    void targetDefinedSamplesCountersAndSendsStatesOnChange() throws Exception {
        SubscribeProbe probe =
                open(subscribe("host-0001", STREAM, sub("/interfaces/interface[name=eth0]", TARGET_DEFINED, 0)));
        probe.untilSync();
        // Counters arrive again without changing (sampled); the unchanged state must not.
        List<Notification> sampled = probe.until(n -> hasLeaf(n, "in-octets"));
        sampled.addAll(probe.until(n -> hasLeaf(n, "in-octets")));
        assertFalse(leaves(sampled).contains("oper-status"), leaves(sampled).toString());
        fabric.backend.put("host-0001", OPER, str("DOWN"));
        Notification change = probe.until(n -> hasLeaf(n, "oper-status")).getLast();
        assertEquals(
                "DOWN",
                change.getUpdateList().stream()
                        .filter(u -> SubscribeProbe.leaf(u).equals("oper-status"))
                        .findFirst()
                        .orElseThrow()
                        .getVal()
                        .getStringVal());
        probe.cancel();
    }

    @Test
    void suppressRedundantSendsAnUnchangedSampleOnceMoreThenHoldsItBack() throws Exception {
        Subscription s =
                sub("/interfaces/interface[name=eth0]/state/counters", SAMPLE, TestFabric.MIN_SAMPLE_NS).toBuilder()
                        .setSuppressRedundant(true)
                        .build();
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, s));
        assertEquals(Set.of("in-octets", "out-octets"), leaves(probe.untilSync()));
        List<Notification> seen = new ArrayList<>();
        for (long in = 101; in <= 104; in++) {
            fabric.backend.put("host-0001", IN_OCTETS, uint(in));
            long expected = in;
            seen.addAll(probe.until(n -> hasLeaf(n, "in-octets") && uintOf(n, "in-octets") == expected));
        }
        // out-octets never changed: sent once more after the initial state (a client making rates sees it
        // stand still), then held back through the samples that carried in-octets 101 to 104
        assertEquals(1, count(seen, "out-octets"), "out-octets sent after the initial state");
        probe.cancel();
    }

    private static long count(List<Notification> notifications, String leaf) {
        return notifications.stream()
                .flatMap(n -> n.getUpdateList().stream())
                .filter(u -> SubscribeProbe.leaf(u).equals(leaf))
                .count();
    }

    @Test
    void heartbeatResendsUnchangedValuesUnderSuppressRedundant() throws Exception {
        Subscription s = sub(IN_OCTETS, SAMPLE, TestFabric.MIN_SAMPLE_NS).toBuilder()
                .setSuppressRedundant(true)
                .setHeartbeatInterval(5 * TestFabric.MIN_SAMPLE_NS)
                .build();
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, s));
        probe.untilSync();
        assertEquals(100, uintOf(probe.until(n -> hasLeaf(n, "in-octets")).getLast(), "in-octets"));
        probe.cancel();
    }

    @Test
    void heartbeatResendsUnchangedStatesUnderOnChange() throws Exception {
        Subscription s = sub(OPER, ON_CHANGE, 0).toBuilder()
                .setHeartbeatInterval(2 * TestFabric.MIN_SAMPLE_NS)
                .build();
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, s));
        probe.untilSync();
        Notification again = probe.until(n -> hasLeaf(n, "oper-status")).getLast();
        assertEquals("UP", again.getUpdate(0).getVal().getStringVal());
        probe.cancel();
    }

    @Test
    void heartbeatBelowTheMinimumIsInvalid() throws Exception {
        Subscription s =
                sub(OPER, ON_CHANGE, 0).toBuilder().setHeartbeatInterval(1).build();
        assertEquals(
                Status.Code.INVALID_ARGUMENT,
                open(subscribe("host-0001", STREAM, s)).end().getCode());
    }

    @Test
    void updatesOnlySkipsTheInitialStateButStillSyncs() throws Exception {
        SubscribeProbe probe = open(subscribe(SubscriptionList.newBuilder()
                .setPrefix(target("host-0001"))
                .setMode(STREAM)
                .setEncoding(Encoding.PROTO)
                .setUpdatesOnly(true)
                .addSubscription(sub(OPER, ON_CHANGE, 0))));
        assertTrue(probe.next().getSyncResponse(), "first message is sync_response");
        fabric.backend.put("host-0001", OPER, str("DOWN"));
        assertEquals("DOWN", probe.next().getUpdate().getUpdate(0).getVal().getStringVal());
        probe.cancel();
    }

    @Test
    void leavesThatDisappearAreDeletedExplicitly() throws Exception {
        fabric.backend.put("host-0001", "mrc:/events/event[seq=0]/state/reason", str("LOSS_TIMER"));
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, sub("mrc:/events", ON_CHANGE, 0)));
        assertTrue(leaves(probe.untilSync()).contains("reason"));
        fabric.backend.delete("host-0001", "mrc:/events/event[seq=0]");
        Notification deleted = probe.until(n -> n.getDeleteCount() > 0).getLast();
        assertEquals("0", deleted.getPrefix().getElem(1).getKeyOrThrow("seq"), "full path = prefix + delete path");
        assertEquals("reason", SubscribeProbe.last(deleted.getDelete(0)));
        probe.cancel();
    }

    @Test
    void starTargetStreamsEveryDeviceNamedInThePrefix() throws Exception {
        SubscribeProbe probe = open(subscribe("*", ONCE, sub("/interfaces", TARGET_DEFINED, 0)));
        Set<String> targets =
                probe.untilSync().stream().map(n -> n.getPrefix().getTarget()).collect(Collectors.toSet());
        assertEquals(Set.of("host-0001", "host-0002", "p0-t0-0"), targets);
    }

    @Test
    void perEvLeavesNeedAnExplicitPath() throws Exception {
        fabric.backend.put("host-0001", "mrc:/qps/qp[qpn=1]/evs/ev[id=2]/state/tx-pkts", uint(3));
        SubscribeProbe wildcard = open(subscribe("host-0001", ONCE, sub("mrc:/", TARGET_DEFINED, 0)));
        List<Notification> all = wildcard.untilSync();
        assertTrue(leaves(all).contains("tx-pkts"), "the plane counter is there");
        assertTrue(all.stream()
                .flatMap(n -> n.getUpdateList().stream())
                .noneMatch(u -> u.getPath().getElemList().stream()
                        .anyMatch(e -> e.getName().equals("evs"))));
        SubscribeProbe everything = open(subscribe("host-0001", ONCE, sub("mrc:/qps", TARGET_DEFINED, 0)));
        assertTrue(leaves(everything.untilSync()).isEmpty());
        SubscribeProbe explicit = open(subscribe("host-0001", ONCE, sub("mrc:/qps/qp/evs", TARGET_DEFINED, 0)));
        assertEquals(Set.of("tx-pkts"), leaves(explicit.untilSync()));
    }

    @Test
    void onceAndPollOfAPathOutsideTheSchemaAreNotFoundLikeGet() throws Exception {
        for (SubscriptionList.Mode mode : List.of(ONCE, POLL)) {
            Status end = open(subscribe(
                            "host-0001", mode, sub(OPER, TARGET_DEFINED, 0), sub("/system/cpus", TARGET_DEFINED, 0)))
                    .end();
            assertEquals(Status.Code.NOT_FOUND, end.getCode(), mode + ": " + end);
            assertTrue(
                    end.getDescription().contains("/system/cpus is not in the telemetry schema"), end.getDescription());
        }
        // A schema path without data right now is an empty answer, not an error: it may appear.
        SubscribeProbe none = open(subscribe("host-0001", ONCE, sub("mrc:/events/event", TARGET_DEFINED, 0)));
        assertTrue(none.untilSync().isEmpty());
        assertEquals(Status.Code.OK, none.end().getCode());
    }

    @Test
    void aPathOutsideTheSchemaStaysSilentlyPendingOnStream() throws Exception {
        SubscribeProbe probe = open(subscribe("host-0001", STREAM, sub("/system/cpus", ON_CHANGE, 0)));
        assertTrue(probe.untilSync().isEmpty());
        probe.cancel();
    }

    @Test
    void aSlowClientGetsTheNewestValueWithTheCoalescedCount() throws Exception {
        // Each value is larger than the transport's 1 MiB ready threshold, so after one write the
        // stream is not ready and later values must wait (and coalesce) in the agent's buffer.
        String big = "x".repeat(3 * 512 * 1024);
        GnmiClient slow = GnmiClient.withSmallWindow(fabric.server.port());
        SubscribeProbe probe =
                SubscribeProbe.open(slow.async(), subscribe("host-0001", STREAM, sub(OPER, ON_CHANGE, 0)), 2);
        probe.untilSync(); // the two messages requested: initial state and sync_response
        // Not reading any more: HTTP/2 flow control fills up and the agent has to coalesce.
        for (int i = 0; i < 40; i++) {
            fabric.backend.put("host-0001", OPER, str(i + big));
        }
        fabric.backend.put("host-0001", OPER, str("final"));
        probe.request(Integer.MAX_VALUE);
        Notification last = probe.until(
                        n -> n.getUpdate(0).getVal().getStringVal().equals("final"))
                .getLast();
        Update update = last.getUpdate(0);
        assertTrue(update.getDuplicates() > 0, "the final value replaced waiting ones: duplicates > 0");
        assertTrue(fabric.server.stats().coalescedUpdates() >= update.getDuplicates());
        probe.cancel();
        slow.close();
    }

    @Test
    void subscriptionsPerClientAreLimited() throws Exception {
        // 1 x the 3 targets served: one stream of every target fills the connection's share.
        try (TestFabric limited = new TestFabric(TestFabric.options().withMaxSubscriptionsPerClient(1), c -> c);
                GnmiClient c = limited.client()) {
            SubscribeProbe first = SubscribeProbe.open(c.async(), subscribe("*", STREAM, sub(OPER, ON_CHANGE, 0)));
            first.untilSync();
            SubscribeProbe second =
                    SubscribeProbe.open(c.async(), subscribe("host-0001", STREAM, sub(OPER, ON_CHANGE, 0)));
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, second.end().getCode());
            first.cancel();
        }
    }

    @Test
    void clientsPerAgentAreLimited() throws Exception {
        try (TestFabric limited = new TestFabric(TestFabric.options(), c -> c.withMaxClients(1));
                GnmiClient first = limited.client();
                GnmiClient second = limited.client()) {
            SubscribeProbe held =
                    SubscribeProbe.open(first.async(), subscribe("host-0001", STREAM, sub(OPER, ON_CHANGE, 0)));
            held.untilSync();
            SubscribeProbe refused =
                    SubscribeProbe.open(second.async(), subscribe("host-0001", ONCE, sub(OPER, ON_CHANGE, 0)));
            Status end = refused.end();
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, end.getCode());
            held.cancel();
        }
    }

    @Test
    void pathsInRequestsMayCarryTheOriginInThePrefix() throws Exception {
        SubscribeProbe probe = open(subscribe(SubscriptionList.newBuilder()
                .setPrefix(path("mrc:/planes").toBuilder().setTarget("host-0002"))
                .setMode(ONCE)
                .setEncoding(Encoding.PROTO)
                .addSubscription(Subscription.newBuilder().setPath(path("/plane[id=0]/state/tx-pkts")))));
        Notification n = probe.untilSync().getFirst();
        assertEquals(10, uintOf(n, "tx-pkts"));
        assertEquals("mrc", n.getPrefix().getOrigin(), "the origin travels in the notification prefix");
        assertEquals("host-0002", n.getPrefix().getTarget());
    }
}
