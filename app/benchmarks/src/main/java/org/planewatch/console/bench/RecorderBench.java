package org.planewatch.console.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Recorder benchmark with a fixed scenario: a 512-host, 8-plane fabric whose hosts report 8
 * counters per plane (and whose switches report 16 port counters on 32 ports), sampled every
 * second of arrival time, written in 250 ms batches for {@code minutes} of recording time as fast
 * as the writer goes. Prints the sustained write rate, bytes per update, then the latency of
 * seeks to random instants.
 *
 * <pre>java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.RecorderBench [minutes] [file]</pre>
 */
public final class RecorderBench {
    private static final String[] HOST_LEAVES = {
        PlaneLeaves.TX_PKTS,
        PlaneLeaves.RX_PKTS,
        PlaneLeaves.TX_OCTETS,
        PlaneLeaves.RX_OCTETS,
        PlaneLeaves.RETRANSMITS,
        PlaneLeaves.TRIM_NACKS_RCVD,
        PlaneLeaves.ECN_ECHOES_RCVD,
        PlaneLeaves.PROBES_SENT
    };
    private static final String[] PORT_LEAVES = {
        InterfaceLeaves.IN_OCTETS,
        InterfaceLeaves.IN_PKTS,
        InterfaceLeaves.IN_DISCARDS,
        InterfaceLeaves.IN_ERRORS,
        InterfaceLeaves.IN_FCS_ERRORS,
        InterfaceLeaves.OUT_OCTETS,
        InterfaceLeaves.OUT_PKTS,
        InterfaceLeaves.OUT_DISCARDS,
        InterfaceLeaves.OUT_ERRORS,
        InterfaceLeaves.CARRIER_TRANSITIONS,
        InterfaceLeaves.TRIM_PKTS,
        InterfaceLeaves.OUT_TRIM_PKTS,
        InterfaceLeaves.DROPPED_TRIM_PKTS,
        "ecn-marked",
        "max-q",
        "avg-q"
    };

    private RecorderBench() {}

    public static void main(String[] args) throws Exception {
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        Path file = args.length > 1
                ? Path.of(args[1])
                : Files.createTempDirectory("pw-bench").resolve("bench.pwrec");
        Files.deleteIfExists(file);
        long start = 1_790_000_000_000L;
        Fabric fabric = new Fabric(512, 8, 128, 32);
        int batches = minutes * 60 * 4;
        long updates = 0;
        long writeNanos = 0;
        try (RecordingWriter writer =
                RecordingWriter.create(file, new RecordingMetadata("bench", "bench", 1000, "bench"), start)) {
            for (int b = 0; b < batches; b++) {
                List<IngestEvent> batch = fabric.quarterSecond(start + 250L * (b + 1), b);
                long t0 = System.nanoTime();
                writer.append(batch);
                writeNanos += System.nanoTime() - t0;
                updates += count(batch);
                if ((b + 1) % (4 * 60) == 0) {
                    System.err.printf(
                            Locale.ROOT,
                            "recorded %d min, %.2f M updates/s so far%n",
                            (b + 1) / 240,
                            updates / (writeNanos / 1e9) / 1e6);
                }
            }
        }
        long size = Files.size(file);
        System.out.printf(
                Locale.ROOT,
                "WRITE minutes=%d updates=%d writeSeconds=%.2f updatesPerSecond=%.0f fileBytes=%d bytesPerUpdate=%.2f%n",
                minutes,
                updates,
                writeNanos / 1e9,
                updates / (writeNanos / 1e9),
                size,
                (double) size / updates);
        try (RecordingReader reader = RecordingReader.open(file)) {
            SplittableRandom random = new SplittableRandom(7);
            long[] range = reader.timeRange();
            List<Long> latencies = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                long at = range[0] + random.nextLong(range[1] - range[0]);
                long t0 = System.nanoTime();
                ReplayCursor cursor = reader.cursor();
                int events = cursor.seek(at).size();
                latencies.add((System.nanoTime() - t0) / 1_000_000);
                if (events == 0) {
                    throw new IllegalStateException("seek to " + at + " returned nothing");
                }
            }
            latencies.sort(null);
            System.out.printf(
                    Locale.ROOT,
                    "SEEK seeks=%d medianMs=%d maxMs=%d%n",
                    latencies.size(),
                    latencies.get(latencies.size() / 2),
                    latencies.getLast());
        }
        System.out.println("file " + file);
    }

    private static long count(List<IngestEvent> batch) {
        long n = 0;
        for (IngestEvent e : batch) {
            if (e instanceof IngestEvent.Notification notification) {
                n += notification.updates().size();
            }
        }
        return n;
    }

    /** Counters that grow by small random steps, a quarter of the devices sampled per 250 ms. */
    private static final class Fabric {
        private final SplittableRandom random = new SplittableRandom(1);
        private final int hosts;
        private final int planes;
        private final int switches;
        private final int ports;
        private final long[][] counters;
        private final TelemetryPath[][] hostPaths;
        private final TelemetryPath[][] portPaths;

        Fabric(int hosts, int planes, int switches, int ports) {
            this.hosts = hosts;
            this.planes = planes;
            this.switches = switches;
            this.ports = ports;
            this.counters =
                    new long[hosts + switches][Math.max(planes * HOST_LEAVES.length, ports * PORT_LEAVES.length)];
            hostPaths = new TelemetryPath[planes][HOST_LEAVES.length];
            for (int p = 0; p < planes; p++) {
                for (int l = 0; l < HOST_LEAVES.length; l++) {
                    hostPaths[p][l] = PlaneLeaves.state(p).child(HOST_LEAVES[l]);
                }
            }
            portPaths = new TelemetryPath[ports][PORT_LEAVES.length];
            for (int q = 0; q < ports; q++) {
                for (int l = 0; l < PORT_LEAVES.length; l++) {
                    portPaths[q][l] = InterfaceLeaves.counters("port-" + q).child(PORT_LEAVES[l]);
                }
            }
        }

        List<IngestEvent> quarterSecond(long arrival, int batchIndex) {
            List<IngestEvent> batch = new ArrayList<>();
            int phase = batchIndex % 4;
            long timestamp = arrival * 1_000_000L;
            for (int h = phase; h < hosts; h += 4) {
                List<TelemetryUpdate> updates = new ArrayList<>(planes * HOST_LEAVES.length);
                for (int p = 0; p < planes; p++) {
                    for (int l = 0; l < HOST_LEAVES.length; l++) {
                        int i = p * HOST_LEAVES.length + l;
                        counters[h][i] += random.nextInt(8) == 0 ? random.nextInt(200) : 0;
                        updates.add(new TelemetryUpdate(hostPaths[p][l], new TelemetryValue.Uint(counters[h][i])));
                    }
                }
                batch.add(new IngestEvent.Notification(
                        "bench", String.format("host-%04d", h), timestamp, updates, List.of(), arrival));
            }
            for (int s = phase; s < switches; s += 4) {
                List<TelemetryUpdate> updates = new ArrayList<>(ports * PORT_LEAVES.length);
                for (int q = 0; q < ports; q++) {
                    for (int l = 0; l < PORT_LEAVES.length; l++) {
                        int i = q * PORT_LEAVES.length + l;
                        counters[hosts + s][i] += random.nextInt(8) == 0 ? random.nextInt(200) : 0;
                        updates.add(
                                new TelemetryUpdate(portPaths[q][l], new TelemetryValue.Uint(counters[hosts + s][i])));
                    }
                }
                batch.add(new IngestEvent.Notification(
                        "bench", "p" + (s % 8) + "-t0-" + s, timestamp, updates, List.of(), arrival));
            }
            return batch;
        }
    }
}
