package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import io.grpc.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.agent.testing.LoopbackAgent;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Issue 21 item 6: collectors subscribe to the full-scale source as they would to 137,216 agents, a
 * Subscribe stream per device ({@code prefix.target}) over a few connections. The agent's limit
 * counted streams per connection (16), so the 17th device of a connection was refused; it now counts
 * the targets a connection's streams cover (ADR 0103). A small fabric (24 devices) on one connection.
 */
@Timeout(60)
class PerDeviceStreamsTest {

    private static final long SAMPLE_NS = 200_000_000L;

    private LoopbackAgent agent;
    private SimulatedBackend backend;

    private void start(GnmiOptions options) throws Exception {
        backend = new SimulatedBackend(
                ScenarioLoader.parse("""
                        name: per-device-streams
                        seed: 21
                        fabric: {planes: 2, hostsPerT0: 8, t0PerPlane: 2, t1PerPlane: 2}
                        transport: {mode: mrc, evsPerQp: 8}
                        workload: {type: permutation, messageBytes: 65536, repeat: 1000}
                        """, "per-device-streams.yaml", Path.of(".")), SimOptions.defaults());
        agent = LoopbackAgent.serve(
                backend, options.withMinSampleIntervalNs(SAMPLE_NS).withTargetDefinedIntervalNs(SAMPLE_NS));
    }

    @AfterEach
    void stop() throws Exception {
        LoopbackAgent.stop(agent);
    }

    private List<String> devices() {
        return backend.targets().stream().map(TargetInfo::name).toList();
    }

    /** What a collector sends per device: the console's paths, counters sampled, states on change. */
    static SubscribeRequest perDevice(String device) {
        SubscriptionList.Builder list = SubscriptionList.newBuilder()
                .setPrefix(target(device))
                .setMode(SubscriptionList.Mode.STREAM)
                .setEncoding(Encoding.PROTO);
        for (String p : ConsoleSubscriptionBudgetTest.CONSOLE_PATHS) {
            list.addSubscription(Subscription.newBuilder().setPath(path(p)).setMode(SubscriptionMode.TARGET_DEFINED));
        }
        return SubscribeRequest.newBuilder().setSubscribe(list).build();
    }

    @Test
    void aStreamPerDeviceOnOneConnectionServesEveryDeviceItsOwnLeavesAndSamplesThem() throws Exception {
        start(GnmiOptions.defaults());
        List<String> devices = devices();
        assertTrue(devices.size() > 16, "more devices than the old limit of streams per connection: " + devices);
        List<SubscribeProbe> probes = new ArrayList<>();
        for (String device : devices) {
            probes.add(SubscribeProbe.open(agent.client().async(), perDevice(device)));
        }
        for (int i = 0; i < devices.size(); i++) {
            List<Notification> initial = probes.get(i).untilSync();
            assertTrue(!initial.isEmpty(), devices.get(i) + ": no initial state");
            for (Notification n : initial) {
                assertEquals(devices.get(i), n.getPrefix().getTarget(), "a stream carries its own device only");
            }
        }
        // Every stream keeps being sampled (one timer per interval and stream, all 8 paths in it).
        for (int i = 0; i < devices.size(); i++) {
            String device = devices.get(i);
            Notification sample = probes.get(i)
                    .until(n -> n.getUpdateList().stream()
                            .map(Update::getPath)
                            .anyMatch(p -> p.getElemList().stream()
                                    .anyMatch(e -> e.getName().equals("in-octets"))))
                    .getLast();
            assertEquals(device, sample.getPrefix().getTarget());
        }
        probes.forEach(SubscribeProbe::cancel);
    }

    @Test
    void theLimitPerConnectionCountsTheTargetsItsStreamsCoverNotTheStreams() throws Exception {
        // 1 x the targets served: a stream per device fits, and then nothing more.
        start(GnmiOptions.defaults().withMaxSubscriptionsPerClient(1));
        List<SubscribeProbe> probes = new ArrayList<>();
        for (String device : devices()) {
            SubscribeProbe probe = SubscribeProbe.open(agent.client().async(), perDevice(device));
            probe.untilSync();
            probes.add(probe);
        }
        Status refused =
                SubscribeProbe.open(agent.client().async(), perDevice("*")).end();
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getCode(), refused.toString());
        assertTrue(refused.getDescription().contains("--max-subscriptions-per-client"), refused.getDescription());
        assertTrue(
                refused.getDescription().contains("cover " + devices().size() + " targets"), refused.getDescription());

        // A closed stream gives its targets back.
        probes.getFirst().cancel();
        String first = devices().getFirst();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            SubscribeProbe again = SubscribeProbe.open(agent.client().async(), perDevice(first));
            Status.Code code = null;
            try {
                again.untilSync();
                probes.set(0, again);
                break;
            } catch (AssertionError stillHeld) {
                code = Status.Code.RESOURCE_EXHAUSTED;
            }
            assertTrue(System.nanoTime() < deadline, "the cancelled stream's target was not given back: " + code);
            Thread.sleep(50);
        }
        probes.forEach(SubscribeProbe::cancel);
    }

    @Test
    void underSuppressRedundantADeviceSampleCarriesWhatChangedAndAnUnchangedLeafAtMostOnceMore() throws Exception {
        start(GnmiOptions.defaults());
        String t0 =
                devices().stream().filter(d -> d.contains("-t0-")).findFirst().orElseThrow();
        SubscribeRequest.Builder request = perDevice(t0).toBuilder();
        SubscriptionList.Builder list = request.getSubscribeBuilder();
        for (int i = 0; i < list.getSubscriptionCount(); i++) {
            list.getSubscriptionBuilder(i).setSuppressRedundant(true);
        }
        SubscribeProbe probe = SubscribeProbe.open(agent.client().async(), request.build());
        Map<String, Update> sent = new HashMap<>();
        Set<String> repeated = new HashSet<>();
        for (Notification n : probe.untilSync()) {
            n.getUpdateList()
                    .forEach(u -> sent.put(
                            ProtoCodec.join(org.planewatch.gnmi.proto.Path.getDefaultInstance(), u.getPath())
                                    .toString(),
                            u));
        }
        int initialLeaves = sent.size();
        Set<Long> samples = new HashSet<>();
        List<Notification> later = probe.until(n -> samples.add(n.getTimestamp()) && samples.size() > 6);
        Map<Long, Integer> updatesPerSample = new HashMap<>();
        for (Notification n : later) {
            updatesPerSample.merge(n.getTimestamp(), n.getUpdateCount(), Integer::sum);
            for (Update u : n.getUpdateList()) {
                String path = ProtoCodec.join(org.planewatch.gnmi.proto.Path.getDefaultInstance(), u.getPath())
                        .toString();
                Update before = sent.put(path, u);
                // A counter only grows, so the same value twice means unchanged in between (a gauge may
                // have moved and come back between two samples, and is then sent again, rightly).
                if (before != null && before.getVal().equals(u.getVal()) && path.contains("/counters/")) {
                    assertTrue(repeated.add(path), path + " sent unchanged twice in a row: " + u.getVal());
                } else {
                    repeated.remove(path);
                }
            }
        }
        assertTrue(
                updatesPerSample.values().stream().anyMatch(count -> count < initialLeaves / 2),
                "no sample held back its unchanged leaves: " + updatesPerSample + " of " + initialLeaves);
        probe.cancel();
    }
}
