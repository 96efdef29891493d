package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planewatch.agent.testing.Requests.sub;
import static org.planewatch.agent.testing.Requests.subscribe;
import static org.planewatch.gnmi.proto.SubscriptionMode.SAMPLE;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.schema.DeviceRole;

/** Sampling many targets is spread over the interval; every target is still sampled once per interval. */
class SampleSpreadTest {
    private static final String IN_OCTETS = "/interfaces/interface[name=eth0]/state/counters/in-octets";
    private static final long INTERVAL_NS = 80_000_000L;

    /** A real scheduler that also notes the fixed-rate timers it was given. */
    private static final class RecordingScheduler extends ScheduledThreadPoolExecutor {
        record Timer(long initialDelayNs, long periodNs) {}

        final List<Timer> timers = new CopyOnWriteArrayList<>();

        RecordingScheduler() {
            super(1);
        }

        @Override
        public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, long initialDelay, long period, TimeUnit unit) {
            timers.add(new Timer(unit.toNanos(initialDelay), unit.toNanos(period)));
            return super.scheduleAtFixedRate(task, initialDelay, period, unit);
        }
    }

    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final ExecutorService drain = Executors.newFixedThreadPool(2);
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow();
        server.shutdownNow();
        scheduler.shutdownNow();
        drain.shutdownNow();
    }

    private SubscribeProbe sampleEverything(int hosts) throws Exception {
        List<String> names =
                IntStream.range(0, hosts).mapToObj("host-%04d"::formatted).toList();
        InMemoryBackend backend = new InMemoryBackend(
                names.stream().map(n -> new TargetInfo(n, DeviceRole.HOST)).toList(), () -> TestFabric.START_NS);
        names.forEach(n -> backend.put(n, IN_OCTETS, TestFabric.uint(100)));
        GnmiService service = new GnmiService(
                backend,
                TestFabric.options(),
                new AgentStats(),
                scheduler,
                drain,
                System::nanoTime,
                StructuredLog.silent());
        String name = "sample-spread-" + System.nanoTime();
        server = InProcessServerBuilder.forName(name)
                .addService(service.serviceDefinition())
                .build()
                .start();
        channel = InProcessChannelBuilder.forName(name).build();
        return SubscribeProbe.open(
                gNMIGrpc.newStub(channel),
                subscribe("*", SubscriptionList.Mode.STREAM, sub(IN_OCTETS, SAMPLE, INTERVAL_NS)));
    }

    /** Subscribes to every one of {@code hosts} targets and returns the targets sampled after the initial state. */
    private Set<String> sampledTargets(int hosts) throws Exception {
        SubscribeProbe probe = sampleEverything(hosts);
        probe.untilSync();
        Set<String> sampled = new HashSet<>();
        probe.until(n -> sampled.add(n.getPrefix().getTarget()) && sampled.size() == hosts);
        probe.cancel();
        return sampled;
    }

    @Test
    void manyTargetsAreSampledInSlicesSpreadOverTheIntervalEachOncePerInterval() throws Exception {
        Set<String> samples = sampledTargets(80);
        List<RecordingScheduler.Timer> expected = IntStream.range(0, SubscribeSession.SAMPLE_SLICES)
                .mapToObj(k -> new RecordingScheduler.Timer(
                        INTERVAL_NS + k * (INTERVAL_NS / SubscribeSession.SAMPLE_SLICES), INTERVAL_NS))
                .toList();
        assertEquals(
                expected, scheduler.timers, "one timer per slice, offset within the interval, each at the interval");
        assertEquals(80, samples.size(), "every target sampled after the initial state");
    }

    @Test
    void fewTargetsAreSampledInOneSweep() throws Exception {
        assertEquals(3, sampledTargets(3).size(), "every target sampled after the initial state");
        assertEquals(List.of(new RecordingScheduler.Timer(INTERVAL_NS, INTERVAL_NS)), scheduler.timers);
    }
}
