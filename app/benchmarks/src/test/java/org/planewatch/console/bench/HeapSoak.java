package org.planewatch.console.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.state.FabricSnapshot;

/**
 * Issue 20 item 2: a live session left running must not grow. Samples, at even intervals over the
 * run, the heap in use after a forced full GC and the ingest counters; then compares the last third
 * of the samples after warm-up with the first third: heap flat within 10 %, the ingest queue never
 * deeper than its bound and no deeper at the end than at the start, no event lost, nothing dropped.
 */
final class HeapSoak {
    /** How much the last third's mean heap after GC may exceed the first third's. */
    static final double HEAP_TOLERANCE = 0.10;

    /** Samples over the run (after warm-up). */
    private static final int SAMPLES = 30;

    /** One sample: elapsed time, heap after a full GC, the queue depth and the counters then. */
    record Sample(long seconds, long heapBytes, int queueDepth, FabricSnapshot.IngestStats ingest) {}

    private HeapSoak() {}

    /**
     * How long a soak runs: {@code planewatch.soak.minutes} (a shortened run, e.g. 3) or {@code full}.
     */
    static Duration duration(Duration full) {
        String minutes = System.getProperty("planewatch.soak.minutes");
        return minutes == null || minutes.isBlank() ? full : minutes("planewatch.soak.minutes", minutes);
    }

    /** A system property's number of minutes; a clear error naming the property otherwise. */
    static Duration minutes(String property, String value) {
        try {
            return Duration.ofSeconds(Math.round(Double.parseDouble(value) * 60));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "system property " + property + " must be a number of minutes, got '" + value + "'", e);
        }
    }

    /** Samples {@code session} for {@code length} after {@code warmUp}; asserts what the class comment says. */
    static List<Sample> run(String name, LiveSession session, Duration warmUp, Duration length, int queueBound)
            throws InterruptedException {
        Thread.sleep(warmUp.toMillis());
        long start = System.nanoTime();
        long interval = length.toNanos() / SAMPLES;
        List<Sample> samples = new ArrayList<>();
        for (int i = 1; i <= SAMPLES; i++) {
            long due = start + i * interval;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            samples.add(sample(session, (System.nanoTime() - start) / 1_000_000_000L));
        }
        report(name, warmUp, samples);
        check(samples, queueBound);
        return samples;
    }

    private static Sample sample(LiveSession session, long seconds) {
        System.gc(); // G1: a full collection; what is left is what the console holds on to
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        FabricSnapshot.IngestStats ingest = session.ingestStats();
        return new Sample(seconds, heap, ingest.queueDepth(), ingest);
    }

    static double meanHeapMb(List<Sample> samples) {
        return samples.stream().mapToLong(Sample::heapBytes).average().orElse(0) / (1 << 20);
    }

    private static void report(String name, Duration warmUp, List<Sample> samples) {
        int third = samples.size() / 3;
        Sample last = samples.getLast();
        System.out.printf(
                Locale.ROOT,
                "SOAK %s: %d s after %d s warm-up, heap after GC first third %.0f MB, last third %.0f MB (%+.1f %%), "
                        + "min %.0f MB, max %.0f MB; queue depth max %d, last %d; applied %d, coalesced %d, dropped %d, "
                        + "events lost %d%n",
                name,
                last.seconds(),
                warmUp.toSeconds(),
                meanHeapMb(samples.subList(0, third)),
                meanHeapMb(samples.subList(samples.size() - third, samples.size())),
                100
                        * (meanHeapMb(samples.subList(samples.size() - third, samples.size()))
                                        / meanHeapMb(samples.subList(0, third))
                                - 1),
                samples.stream().mapToLong(Sample::heapBytes).min().orElse(0) / (double) (1 << 20),
                samples.stream().mapToLong(Sample::heapBytes).max().orElse(0) / (double) (1 << 20),
                samples.stream().mapToInt(Sample::queueDepth).max().orElse(0),
                last.queueDepth(),
                last.ingest().appliedUpdates(),
                last.ingest().coalescedUpdates(),
                last.ingest().droppedUpdates(),
                last.ingest().eventsLost());
        for (Sample s : samples) {
            System.out.printf(
                    Locale.ROOT,
                    "SOAK %s sample: %d s, heap %d MB, queue %d, applied %d%n",
                    name,
                    s.seconds(),
                    s.heapBytes() >> 20,
                    s.queueDepth(),
                    s.ingest().appliedUpdates());
        }
    }

    private static void check(List<Sample> samples, int queueBound) {
        int third = samples.size() / 3;
        List<Sample> first = samples.subList(0, third);
        List<Sample> last = samples.subList(samples.size() - third, samples.size());
        double before = meanHeapMb(first);
        double after = meanHeapMb(last);
        assertTrue(
                after <= before * (1 + HEAP_TOLERANCE),
                String.format(
                        Locale.ROOT,
                        "heap after GC grew from %.0f MB (first third) to %.0f MB (last third), over %.0f %%",
                        before,
                        after,
                        100 * HEAP_TOLERANCE));
        for (Sample s : samples) {
            assertTrue(s.queueDepth() <= queueBound, "queue depth " + s.queueDepth() + " at " + s.seconds() + " s");
        }
        int firstDeepest = first.stream().mapToInt(Sample::queueDepth).max().orElse(0);
        int lastDeepest = last.stream().mapToInt(Sample::queueDepth).max().orElse(0);
        assertTrue(
                lastDeepest <= Math.max(firstDeepest * 2, queueBound / 10),
                "the ingest queue kept growing: deepest " + firstDeepest + " in the first third, " + lastDeepest
                        + " in the last");
        assertTrue(
                last.getLast().ingest().appliedUpdates()
                        > first.getFirst().ingest().appliedUpdates(),
                "the console applied nothing during the soak");
        Sample end = samples.getLast();
        assertEquals(0, end.ingest().eventsLost(), "events lost");
        assertEquals(0, end.ingest().droppedUpdates(), "updates dropped");
    }
}
