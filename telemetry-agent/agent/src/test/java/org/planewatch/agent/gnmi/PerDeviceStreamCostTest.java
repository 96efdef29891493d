package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.testing.ForwardingBackend;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.LoopbackAgent;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Issue 21 item 6: what opening and holding a stream per device costs the agent must not grow with
 * the number of devices it serves (ADR 0109). On the full fabric (137,216 devices) each stream asked
 * the back end for its list of targets twice, and the simulator copied the 137,216 entries each time:
 * streams opened at about 500 a second, nine tenths of it in that copy. Each open stream also kept its
 * SubscriptionList as protobuf objects and its own parsed copy of the subscriptions (the console's 8
 * paths), about 5 KB of the 13 KB a stream held. And the initial states took turns on a connection
 * only until each was in the transport, which took the whole state of a device before calling the
 * stream busy: for a collector slower than the agent, every device's initial state waited in the agent.
 * Counted here, not timed.
 */
@Timeout(60)
class PerDeviceStreamCostTest {

    private static final int DEVICES = 200;

    private LoopbackAgent agent;

    @AfterEach
    void stop() throws Exception {
        LoopbackAgent.stop(agent);
    }

    private static InMemoryBackend devices() {
        return hosts(DEVICES, 1, port -> new TelemetryValue.Uint(7));
    }

    /** {@code count} hosts, each with the in-octets counter of {@code ports} ports, of value {@code value(port)}. */
    private static InMemoryBackend hosts(int count, int ports, IntFunction<TelemetryValue> value) {
        Map<TelemetryPath, TelemetryValue> state = new HashMap<>();
        for (int port = 0; port < ports; port++) {
            state.put(
                    TelemetryPath.parse("/interfaces/interface[name=eth" + port + "]/state/counters/in-octets"),
                    value.apply(port));
        }
        List<TargetInfo> targets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            targets.add(new TargetInfo("host-" + i, DeviceRole.HOST));
        }
        InMemoryBackend backend = new InMemoryBackend(targets, () -> 1_700_000_000_000_000_000L);
        for (TargetInfo t : targets) {
            backend.putAll(t.name(), state);
        }
        return backend;
    }

    /** A stream per device on one connection, each with its initial state. */
    private List<SubscribeProbe> openAStreamPerDevice(List<TargetInfo> devices) throws InterruptedException {
        List<SubscribeProbe> probes = new ArrayList<>();
        for (TargetInfo device : devices) {
            probes.add(SubscribeProbe.open(agent.client().async(), PerDeviceStreamsTest.perDevice(device.name())));
        }
        for (SubscribeProbe probe : probes) {
            probe.untilSync();
        }
        return probes;
    }

    @Test
    void openingAStreamPerDeviceReadsTheListOfTargetsOnceNotOncePerStream() throws Exception {
        InMemoryBackend devices = devices();
        TargetsCounted backend = new TargetsCounted(devices);
        agent = LoopbackAgent.serve(backend, GnmiOptions.defaults());
        int before = backend.listed.get();

        List<SubscribeProbe> probes = openAStreamPerDevice(devices.targets());

        // The agent may take the list once, at its first stream.
        int byTheAgent = backend.listed.get() - before;
        assertTrue(
                byTheAgent <= 1,
                "opening " + DEVICES + " streams, one per device, asked the back end for its " + DEVICES
                        + " targets " + byTheAgent + " times: each stream walked (the simulator copied) the"
                        + " whole list");
        probes.forEach(SubscribeProbe::cancel);
    }

    @Test
    void streamsOfTheSameSubscriptionsKeepOneCopyOfThemAndNoneOfTheirRequest() throws Exception {
        InMemoryBackend backend = devices();
        agent = LoopbackAgent.serve(backend, GnmiOptions.defaults());
        Map<String, Long> before = liveInstances();

        List<SubscribeProbe> probes = openAStreamPerDevice(backend.targets());

        Map<String, Long> open = liveInstances();
        long specs = grown(before, open, SubscriptionSpec.class.getName());
        long requests = grown(before, open, SubscriptionList.class.getName());
        int paths = PerDeviceStreamsTest.perDevice("host-0").getSubscribe().getSubscriptionCount();
        assertEquals(8, paths);
        assertTrue(
                specs <= paths,
                DEVICES + " streams of the same " + paths + " subscriptions keep " + specs
                        + " parsed subscriptions: one copy per stream instead of one shared");
        assertTrue(
                requests < DEVICES / 4,
                DEVICES + " open streams keep " + requests + " SubscriptionList messages: each its request");
        probes.forEach(SubscribeProbe::cancel);
    }

    @Test
    void aClientThatReadsNothingMakesTheAgentHoldAtMostSyncsAtOnceInitialStatesOnItsConnection() throws Exception {
        // Devices whose initial state (1,000 updates, about 40 KB) is below what the transport takes
        // of a stream before calling it busy, and more streams than run at once.
        int leaves = 1_000;
        int devices = ClientSession.SYNCS_AT_ONCE + 16;
        InMemoryBackend backend = hosts(devices, leaves, TelemetryValue.Uint::new);
        List<TargetInfo> targets = backend.targets();
        agent = LoopbackAgent.serve(backend, GnmiOptions.defaults().withTargetDefinedIntervalNs(3_600_000_000_000L));
        AgentStats stats = agent.server().stats();
        try (GnmiClient slow = GnmiClient.withSmallWindow(agent.server().port())) {
            for (TargetInfo t : targets) {
                SubscribeProbe.open(slow.async(), PerDeviceStreamsTest.perDevice(t.name()), 0);
            }
            // The first SYNCS_AT_ONCE streams write their state; then nothing moves (64 KiB window).
            long written = settled(stats, (long) ClientSession.SYNCS_AT_ONCE * leaves);
            // A few states fit in the client's window and leave the agent, making room for as many more.
            assertTrue(
                    written <= (long) (ClientSession.SYNCS_AT_ONCE + 8) * leaves,
                    "a client reading nothing made the agent write " + written / leaves
                            + " initial states of " + leaves + " updates into its transport, where they wait;"
                            + " at most " + ClientSession.SYNCS_AT_ONCE + " (and those that left) may");
        }
    }

    @Test
    void samplesOfStreamsOfOneDeviceThatTheClientCannotTakeWaitAsDueNotAsCopiesOfTheDevice() throws Exception {
        // Each device about 800 KB, streams without an initial state (updates_only): two samples fill
        // what the transport takes of a stream, and a client that reads nothing leaves the later ones
        // to wait in the agent.
        int streams = 8;
        int leaves = 200;
        TelemetryValue large = new TelemetryValue.Str("x".repeat(4096));
        InMemoryBackend backend = hosts(streams, leaves, port -> large);
        List<TargetInfo> targets = backend.targets();
        long sampleNs = 10_000_000L;
        agent = LoopbackAgent.serve(
                backend,
                GnmiOptions.defaults().withMinSampleIntervalNs(sampleNs).withTargetDefinedIntervalNs(sampleNs));
        AgentStats stats = agent.server().stats();
        String slot = OutboundBuffer.class.getName() + "$Slot";
        try (GnmiClient slow = GnmiClient.withSmallWindow(agent.server().port())) {
            long before = liveInstances().getOrDefault(slot, 0L);
            for (TargetInfo t : targets) {
                SubscribeRequest perDevice = PerDeviceStreamsTest.perDevice(t.name());
                SubscribeProbe.open(
                        slow.async(),
                        perDevice.toBuilder()
                                .setSubscribe(
                                        perDevice.getSubscribe().toBuilder().setUpdatesOnly(true))
                                .build(),
                        0);
            }
            // The client takes nothing: samples keep coming, every 10 ms, and cannot leave.
            while (stats.coalescedUpdates() < 4L * streams * leaves) {
                Thread.sleep(20);
            }
            long waiting = liveInstances().getOrDefault(slot, 0L) - before;
            assertTrue(
                    waiting < streams / 2,
                    waiting + " of " + streams + " streams of one device hold a sample the client cannot take"
                            + " as a copy of the device's leaves");
        }
    }

    /**
     * The updates the agent has written to transports, once at least {@code atLeast} and unchanged
     * for a second (the test's timeout bounds the wait). Settling sooner only lets more through.
     */
    private static long settled(AgentStats stats, long atLeast) throws InterruptedException {
        long last = -1;
        int still = 0;
        while (true) {
            long now = stats.deliveredUpdates();
            still = now == last ? still + 1 : 0;
            last = now;
            if (now >= atLeast && still >= 10) {
                return now;
            }
            Thread.sleep(100);
        }
    }

    private static long grown(Map<String, Long> before, Map<String, Long> after, String className) {
        return after.getOrDefault(className, 0L) - before.getOrDefault(className, 0L);
    }

    private static final Pattern HISTOGRAM_ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+(\\S+)");

    /**
     * Live objects per class, after a full collection: the JVM's class histogram (as {@code jcmd
     * GC.class_histogram} prints it), so what is counted is what is reachable, not garbage.
     */
    private static Map<String, Long> liveInstances() throws Exception {
        String histogram = (String) ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram",
                        new Object[] {new String[0]},
                        new String[] {String[].class.getName()});
        Map<String, Long> counts = new HashMap<>();
        for (String line : histogram.split("\n")) {
            Matcher m = HISTOGRAM_ROW.matcher(line);
            if (m.find()) {
                counts.merge(m.group(2), Long.parseLong(m.group(1)), Long::sum);
            }
        }
        return counts;
    }

    /** A back end that counts how often the agent asks it for its targets. */
    private static final class TargetsCounted extends ForwardingBackend {
        final AtomicInteger listed = new AtomicInteger();

        TargetsCounted(TelemetryBackend inner) {
            super(inner);
        }

        @Override
        public List<TargetInfo> targets() {
            listed.incrementAndGet();
            return super.targets();
        }
    }
}
