package org.planewatch.console.record;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Deterministic ingest batches shaped like a sampled fabric: per host, per plane counters that
 * grow slowly, an oper-status, and now and then an exclusion event that later leaves the ring.
 */
public final class SyntheticTelemetry {
    private final SplittableRandom random;
    private final int hosts;
    private final int planes;
    private final long[][] counters;
    private long timestampNs = 1_000_000_000L;
    private long arrivalMillis;
    private long nextEventSeq = 1;
    private final List<Long> ringSeqs = new ArrayList<>();

    public SyntheticTelemetry(long seed, int hosts, int planes, long startMillis) {
        this.random = new SplittableRandom(seed);
        this.hosts = hosts;
        this.planes = planes;
        this.counters = new long[hosts * planes][4];
        this.arrivalMillis = startMillis;
    }

    static TelemetryPath planeLeaf(int plane, String leaf) {
        return TelemetryPath.parse("mrc:/planes/plane[id=" + plane + "]/state/" + leaf);
    }

    static String host(int h) {
        return String.format("host-%04d", h);
    }

    public List<IngestEvent> connectAll() {
        List<IngestEvent> events = new ArrayList<>();
        events.add(new IngestEvent.Connection("demo", ConnectionPhase.STREAMING, "", arrivalMillis));
        return events;
    }

    /** One drained batch: {@code samples} sampling rounds of 250 ms each... compressed into one batch. */
    public List<IngestEvent> nextBatch() {
        List<IngestEvent> batch = new ArrayList<>();
        arrivalMillis += 250;
        timestampNs += 250_000_000L;
        for (int h = 0; h < hosts; h++) {
            List<TelemetryUpdate> updates = new ArrayList<>();
            for (int p = 0; p < planes; p++) {
                long[] c = counters[h * planes + p];
                c[0] += random.nextInt(3);
                c[1] += random.nextInt(3) * 4096L;
                c[2] += random.nextInt(100) == 0 ? 1 : 0;
                updates.add(new TelemetryUpdate(planeLeaf(p, "tx-pkts"), TelemetryValue.uint(c[0])));
                updates.add(new TelemetryUpdate(planeLeaf(p, "tx-octets"), TelemetryValue.uint(c[1])));
                updates.add(new TelemetryUpdate(planeLeaf(p, "retransmits"), TelemetryValue.uint(c[2])));
                updates.add(new TelemetryUpdate(
                        planeLeaf(p, "oper-status"), TelemetryValue.str(c[2] % 2 == 0 ? "UP" : "DOWN")));
                c[3] = Math.min(32, Math.max(0, c[3] + random.nextInt(3) - 1));
                updates.add(new TelemetryUpdate(planeLeaf(p, "evs-good"), TelemetryValue.uint(32 - c[3])));
                updates.add(new TelemetryUpdate(planeLeaf(p, "evs-assumed-bad"), TelemetryValue.uint(c[3])));
                updates.add(new TelemetryUpdate(planeLeaf(p, "evs-denied"), TelemetryValue.uint(0)));
            }
            batch.add(new IngestEvent.Notification("demo", host(h), timestampNs, updates, List.of(), arrivalMillis));
        }
        if (random.nextInt(4) == 0) {
            batch.add(exclusion());
        }
        if (ringSeqs.size() > 5) {
            long gone = ringSeqs.removeFirst();
            batch.add(new IngestEvent.Notification(
                    "demo",
                    host(0),
                    timestampNs,
                    List.of(),
                    List.of(TelemetryPath.parse("mrc:/events/event[seq=" + gone + "]")),
                    arrivalMillis));
        }
        return batch;
    }

    private IngestEvent exclusion() {
        long seq = nextEventSeq++;
        ringSeqs.add(seq);
        String base = "mrc:/events/event[seq=" + seq + "]/state/";
        List<TelemetryUpdate> updates = List.of(
                new TelemetryUpdate(TelemetryPath.parse(base + "timestamp"), TelemetryValue.uint(timestampNs)),
                new TelemetryUpdate(TelemetryPath.parse(base + "qpn"), TelemetryValue.uint(7)),
                new TelemetryUpdate(TelemetryPath.parse(base + "ev"), TelemetryValue.uint(seq % 256)),
                new TelemetryUpdate(TelemetryPath.parse(base + "plane"), TelemetryValue.uint(2)),
                new TelemetryUpdate(
                        TelemetryPath.parse(base + "links"), TelemetryValue.str("host-0000~p2-t0-0,p2-t0-0~p2-t1-5")),
                new TelemetryUpdate(TelemetryPath.parse(base + "from-state"), TelemetryValue.str("GOOD")),
                new TelemetryUpdate(TelemetryPath.parse(base + "to-state"), TelemetryValue.str("ASSUMED_BAD")),
                new TelemetryUpdate(TelemetryPath.parse(base + "reason"), TelemetryValue.str("LOSS_TIMER")));
        return new IngestEvent.Notification("demo", host(0), timestampNs, updates, List.of(), arrivalMillis);
    }

    public long arrivalMillis() {
        return arrivalMillis;
    }
}
