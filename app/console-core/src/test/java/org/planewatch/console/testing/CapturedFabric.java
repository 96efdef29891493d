package org.planewatch.console.testing;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.telemetry.schema.SimLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A simulated fabric's initial state as the console's decoder hands it over: captured from the real
 * agent (simulated back end; 8 planes, a permutation workload, as {@code DirectScaleBench}) through
 * gNMI on loopback, then handed out as copies under other device names, so that a bounded fabric
 * many times over shows what the console holds per leaf. A copy renames every device and every text
 * that names one ({@code c3-p0-t0-1}), LLDP neighbors included, so the topology is learnt for each
 * copy as for the original; its texts are new strings, as a decoder makes them.
 */
public final class CapturedFabric {
    private static final String SOURCE = "fabric";
    private final List<IngestEvent.Notification> notifications;
    private final Set<String> devices;
    private final long leaves;

    private CapturedFabric(List<IngestEvent.Notification> notifications) {
        this.notifications = notifications;
        Set<String> names = new HashSet<>();
        Set<String> distinct = new HashSet<>();
        for (IngestEvent.Notification n : notifications) {
            names.add(n.target());
            for (TelemetryUpdate update : n.updates()) {
                distinct.add(n.target() + " " + update.path());
            }
        }
        this.devices = Set.copyOf(names);
        this.leaves = distinct.size();
    }

    /**
     * Subscribes to every device of a fabric of {@code hostsPerT0 * t0PerPlane * 8} hosts and keeps
     * what arrives up to the end of the initial state (its sync_response), at most {@code timeout}.
     */
    public static CapturedFabric capture(Path dir, int hostsPerT0, int t0PerPlane, int t1PerPlane, Duration timeout)
            throws Exception {
        String yaml = "name: captured\nseed: 20\n"
                + "fabric: {planes: 8, hostsPerT0: " + hostsPerT0 + ", t0PerPlane: " + t0PerPlane + ", t1PerPlane: "
                + t1PerPlane + "}\n"
                + "transport: {mode: mrc, evsPerQp: 128}\n"
                + "workload: {type: permutation, messageBytes: 1048576, repeat: 1000}\n";
        List<IngestEvent.Notification> captured = new ArrayList<>();
        AtomicBoolean synced = new AtomicBoolean();
        try (EmbeddedSimAgent agent = EmbeddedSimAgent.start(
                        ScenarioLoader.parse(yaml, "captured.yaml", dir),
                        new SimOptions(1000, 1000, null, false, 4096),
                        false);
                LiveSession session = new LiveSession(InstantSource.system())) {
            session.addBatchListener(batch -> {
                synchronized (captured) {
                    for (IngestEvent event : batch) {
                        if (synced.get()) {
                            return;
                        }
                        if (event instanceof IngestEvent.Notification n) {
                            captured.add(n);
                        } else if (event instanceof IngestEvent.Synced) {
                            synced.set(true);
                        }
                    }
                }
            });
            session.add(TargetConfig.insecure(SOURCE, "127.0.0.1", agent.port(), List.of("*")));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!synced.get()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no sync_response within " + timeout);
                }
                TimeUnit.MILLISECONDS.sleep(50);
            }
        }
        synchronized (captured) {
            return new CapturedFabric(List.copyOf(captured));
        }
    }

    /** Devices in one copy. */
    public int devices() {
        return devices.size();
    }

    /** Distinct leaves (device and path) in one copy. */
    public long leaves() {
        return leaves;
    }

    /** Copy {@code copy}'s notifications, made now (nothing of them is kept here). */
    public List<IngestEvent.Notification> copy(int copy, long arrivalMillis) {
        return copy(copy, arrivalMillis, 0);
    }

    /**
     * Copy {@code copy}'s notifications as a sample taken {@code laterByNs} after the captured one: its
     * timestamps and the simulated time devices send ({@code sim-time-ns}, what their rates are per
     * second of) moved on, so that a second copy gives every counter a rate.
     */
    public List<IngestEvent.Notification> copy(int copy, long arrivalMillis, long laterByNs) {
        String prefix = "c" + copy + "-";
        List<IngestEvent.Notification> out = new ArrayList<>(notifications.size());
        for (IngestEvent.Notification n : notifications) {
            List<TelemetryUpdate> updates = new ArrayList<>(n.updates().size());
            for (TelemetryUpdate update : n.updates()) {
                TelemetryValue value = update.value();
                if (value instanceof TelemetryValue.Str str) {
                    String text = devices.contains(str.value()) ? prefix + str.value() : new String(str.value());
                    value = new TelemetryValue.Str(text);
                } else if (value instanceof TelemetryValue.Uint(long number)
                        && SimLeaves.SIM_TIME_NS.equals(update.path().last().name())) {
                    value = new TelemetryValue.Uint(number + laterByNs);
                }
                updates.add(new TelemetryUpdate(update.path(), value));
            }
            out.add(new IngestEvent.Notification(
                    SOURCE, prefix + n.target(), n.timestampNs() + laterByNs, updates, n.deletes(), arrivalMillis));
        }
        return out;
    }

    /**
     * The bytes of every object still reachable, after a full collection: the total of the JVM's
     * class histogram ({@code GC.class_histogram}, as {@code jmap -histo:live}). Unlike the heap's use
     * after a collection, it counts objects only, not the collector's regions they sit in: the latter
     * moved by several megabytes from one measurement to the next.
     */
    public static long liveBytes() {
        // What another test left (a session's threads winding down) may still be let go of between two
        // measurements: measure until two in a row, 200 ms apart, agree within 256 KB (at most 4 s).
        long last = histogramTotal();
        for (int i = 0; i < 20; i++) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = histogramTotal();
            if (Math.abs(now - last) < 256 * 1024) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static long histogramTotal() {
        try {
            String histogram = (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "gcClassHistogram",
                            new Object[] {new String[0]},
                            new String[] {String[].class.getName()});
            Matcher total = HISTOGRAM_TOTAL.matcher(histogram);
            if (!total.find()) {
                throw new IllegalStateException("no total in the class histogram:\n" + histogram);
            }
            return Long.parseLong(total.group(1));
        } catch (JMException e) {
            throw new IllegalStateException("the class histogram could not be taken", e);
        }
    }

    private static final Pattern HISTOGRAM_TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$");
}
