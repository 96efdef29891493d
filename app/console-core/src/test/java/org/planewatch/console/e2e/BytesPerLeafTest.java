package org.planewatch.console.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.CapturedFabric;
import org.planewatch.console.testing.ManualClock;

/**
 * What the console holds per leaf of a fabric (issue 20 item 3, ADR 0108): 9,728 devices are 6.7
 * million leaves, and at about 120 bytes a leaf held by the state owner, plus about 85 more for a
 * leaf waiting on the coalescing side, a 1.5 GB heap was full before the console had learnt the
 * fabric. Measured as what letting go of the store (or queue) frees: the bytes of the objects still
 * reachable after a full collection (the JVM's class histogram) with it, less without it, measured
 * one after the other, the least of two tries, on 16 copies of a simulated fabric's initial state (1.7 million leaves) captured
 * from the real agent, applied twice a second apart (every counter with a rate): texts are new strings
 * as a decoder makes them, paths the decoder's shared ones.
 */
class BytesPerLeafTest {
    private static final int COPIES = 16;
    /** What the state owner may hold per leaf, its last published snapshot included. */
    private static final double STORE_BYTES_PER_LEAF = 40;
    /** What a leaf waiting to be applied may take on the coalescing side. */
    private static final double COALESCED_BYTES_PER_LEAF = 24;

    private static CapturedFabric fabric;

    @BeforeAll
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    static void capture(@TempDir Path dir) throws Exception {
        // 128 hosts and 96 switches on 8 planes
        fabric = CapturedFabric.capture(dir, 16, 8, 4, Duration.ofSeconds(45));
    }

    /**
     * What letting go of what {@code build} makes frees: the live bytes with it, less right after
     * without it; the least of two tries, as something else let go of in the JVM meanwhile (a
     * session another test closed) can only add to a try.
     */
    private static long retainedBytes(Supplier<Object> build) {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 2; i++) {
            Object built = build.get();
            long with = CapturedFabric.liveBytes();
            Reference.reachabilityFence(built);
            built = null;
            least = Math.min(least, with - CapturedFabric.liveBytes());
        }
        return least;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theStateOwnerHoldsALeafInUnderFortyBytes() {
        AtomicReference<FabricSnapshot> published = new AtomicReference<>();
        long held = retainedBytes(() -> {
            ManualClock clock = new ManualClock(1_000);
            TelemetryStore store = new TelemetryStore(clock);
            // Two samples a second apart: every counter has a rate and every link its loss, as once live.
            for (int copy = 0; copy < COPIES; copy++) {
                store.apply(fabric.copy(copy, clock.millis()));
            }
            store.publish(FabricSnapshot.IngestStats.NONE);
            clock.advance(Duration.ofSeconds(1));
            for (int copy = 0; copy < COPIES; copy++) {
                store.apply(fabric.copy(copy, clock.millis(), 1_000_000_000L));
            }
            published.set(store.publish(FabricSnapshot.IngestStats.NONE));
            return store;
        });
        FabricSnapshot snapshot = published.get();

        assertEquals(
                COPIES * fabric.devices(),
                snapshot.hosts().size() + snapshot.switches().size(),
                "every device of every copy is in the snapshot");
        assertTrue(
                snapshot.links().stream().allMatch(link -> !Double.isNaN(link.bitsPerSecond())),
                "every link has its rate");
        long leaves = COPIES * fabric.leaves();
        double perLeaf = (double) held / leaves;
        System.out.printf(
                Locale.ROOT,
                "state owner: %d leaves of %d devices, %.1f MB held, %.1f bytes a leaf%n",
                leaves,
                COPIES * fabric.devices(),
                held / 1e6,
                perLeaf);
        assertTrue(
                perLeaf < STORE_BYTES_PER_LEAF,
                String.format(
                        Locale.ROOT,
                        "the state owner holds %.1f bytes a leaf (%d bytes for %d leaves), limit %.0f",
                        perLeaf,
                        held,
                        leaves,
                        STORE_BYTES_PER_LEAF));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLeafWaitingOnTheCoalescingSideTakesUnderTwentyFourBytes() {
        long leaves = COPIES * fabric.leaves();
        AtomicReference<IngestQueue.Totals> counted = new AtomicReference<>();
        long held = retainedBytes(() -> {
            // A queue with room for one event: every sample after it waits on the coalescing side.
            IngestQueue queue = new IngestQueue(1, 1, 2 * leaves, Duration.ofSeconds(1));
            for (int copy = 0; copy < COPIES; copy++) {
                for (IngestEvent.Notification notification : fabric.copy(copy, 1_000)) {
                    queue.offer(notification);
                }
            }
            counted.set(queue.totals());
            return queue;
        });
        IngestQueue.Totals totals = counted.get();

        assertEquals(0, totals.droppedUpdates(), "nothing dropped");
        assertTrue(
                totals.coalescedLeaves() > leaves * 9 / 10,
                "most leaves wait on the coalescing side: " + totals.coalescedLeaves() + " of " + leaves);
        double perLeaf = (double) held / totals.coalescedLeaves();
        System.out.printf(
                Locale.ROOT,
                "coalescing side: %d leaves waiting, %.1f MB held, %.1f bytes a leaf%n",
                totals.coalescedLeaves(),
                held / 1e6,
                perLeaf);
        assertTrue(
                perLeaf < COALESCED_BYTES_PER_LEAF,
                String.format(
                        Locale.ROOT,
                        "the coalescing side holds %.1f bytes a waiting leaf (%d bytes for %d leaves), limit %.0f",
                        perLeaf,
                        held,
                        totals.coalescedLeaves(),
                        COALESCED_BYTES_PER_LEAF));
    }
}
