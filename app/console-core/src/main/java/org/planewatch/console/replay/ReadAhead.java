package org.planewatch.console.replay;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.planewatch.console.record.RecordingDamage;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.telemetry.EventColumns;
import org.planewatch.console.telemetry.EventQueue;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.worker.IdleStrategy;
import org.planewatch.telemetry.worker.NanoClock;
import org.planewatch.telemetry.worker.Worker;
import org.planewatch.telemetry.worker.WorkerRunner;

/**
 * Reads and decodes a recording ahead of the replay clock on its own thread, so that decoding (about
 * a third of a replay step on the demo fabric) runs on the second core beside applying and
 * publishing. It owns the cursor from construction to {@link #close}; the events come out in the
 * recorded order, in chunks of {@link #CHUNK_MILLIS} of recorded time through a bounded queue.
 */
final class ReadAhead implements AutoCloseable {
    /**
     * A run of recorded events up to {@code untilMillis}, or the failure that ended reading, or the
     * gap (a damaged batch) in front of which the cursor stopped: the last chunk, its runs what came before.
     */
    private record Chunk(long untilMillis, List<EventColumns> runs, RecordingException failure, RecordingDamage gap) {}

    static final long CHUNK_MILLIS = 250;
    /**
     * 30 s of recorded time: more than the twelve frames the replay thread computes ahead at 100x
     * (20 s), or a step would wait for decoding and the two threads would take turns instead of
     * working side by side (ADR 0079). Not much more: what waits here when a young collection comes
     * is copied by it (16 s of the demo decoded as objects per update made those pauses 40 to 95 ms;
     * as columns per batch, ADR 0078, it is a few arrays per 250 ms).
     */
    private static final int CHUNKS = 120;
    /** What a replay that starts playing waits for (10 s of recording), not the whole read-ahead. */
    private static final int PRE_ROLL_CHUNKS = 40;
    /**
     * How long {@link #close} waits for the reader to let go of the cursor: a chunk is read in
     * milliseconds and a wait for room in the queue ends at the interrupt, so this is only a backstop.
     */
    private static final Duration JOIN_BOUND = Duration.ofSeconds(30);

    private final BlockingQueue<Chunk> chunks = new ArrayBlockingQueue<>(CHUNKS);
    private final EventQueue taken = new EventQueue();
    private final WorkerRunner reader;
    /** Measures the taking thread's waits and bounds {@link #awaitFull}. */
    private final NanoClock clock;

    private long takenUntil;
    /** The gap reading stopped at, once the taking thread has taken everything before it. */
    private RecordingDamage gap;
    /** How long the taking thread has waited for chunks (its own field: only that thread reads and writes it). */
    private long waitNanos;

    /** Chunks read so far and whether reading ended: what {@link #awaitFull} waits on. */
    private long readChunks;

    private boolean finished;

    /** Starts reading from the cursor's position, which is {@code fromMillis}, to {@code endMillis}. */
    ReadAhead(ReplayCursor cursor, long fromMillis, long endMillis, NanoClock clock) {
        this.takenUntil = fromMillis;
        this.clock = clock;
        this.reader = new WorkerRunner(
                        "planewatch-replay-read",
                        new Reader(cursor, fromMillis, endMillis),
                        IdleStrategy.NONE, // waits for room in the queue inside doWork
                        JOIN_BOUND)
                .start();
    }

    /** The reading thread: one chunk per turn, done at the end, at a gap or at a failure. */
    private final class Reader implements Worker {
        private final ReplayCursor cursor;
        private final long endMillis;
        private long until;

        Reader(ReplayCursor cursor, long fromMillis, long endMillis) {
            this.cursor = cursor;
            this.until = fromMillis;
            this.endMillis = endMillis;
        }

        @Override
        public int doWork() throws InterruptedException {
            if (until >= endMillis) {
                return DONE;
            }
            until = Math.min(until + CHUNK_MILLIS, endMillis);
            Chunk chunk;
            try {
                List<EventColumns> runs = cursor.advanceRunsTo(until);
                RecordingDamage stopped = cursor.stoppedAt().orElse(null);
                if (stopped != null) {
                    chunks.put(new Chunk(Long.MAX_VALUE, runs, null, stopped));
                    return DONE;
                }
                chunk = new Chunk(until, runs, null, null);
            } catch (RecordingException e) {
                chunks.put(new Chunk(Long.MAX_VALUE, List.of(), e, null));
                return DONE;
            }
            chunks.put(chunk);
            synchronized (ReadAhead.this) {
                readChunks++;
                ReadAhead.this.notifyAll();
            }
            return 1;
        }

        /** However reading ended (done, closed while waiting for room), {@link #awaitFull} stops waiting. */
        @Override
        public void onClose() {
            synchronized (ReadAhead.this) {
                finished = true;
                ReadAhead.this.notifyAll();
            }
        }
    }

    /**
     * The recorded events after the previous call with arrival up to {@code untilMillis} (at most the
     * end given at construction), in order. Waits for the reader when it is behind.
     */
    List<IngestEvent> advanceTo(long untilMillis) throws RecordingException {
        try {
            while (takenUntil < untilMillis) {
                Chunk chunk = chunks.poll();
                if (chunk == null) {
                    long waitFrom = clock.nanoTime();
                    chunk = chunks.take();
                    waitNanos += clock.nanoTime() - waitFrom;
                }
                if (chunk.failure() != null) {
                    throw chunk.failure();
                }
                chunk.runs().forEach(taken::add);
                takenUntil = chunk.untilMillis();
                if (chunk.gap() != null) {
                    gap = chunk.gap();
                }
            }
        } catch (InterruptedException e) {
            // The replay thread is being stopped: hand over what is here, the caller's loop ends.
            Thread.currentThread().interrupt();
        }
        return EventColumns.concat(taken.takeArrivedBy(untilMillis));
    }

    /**
     * Waits until the reader has filled what it holds ahead (or read to the end), at most
     * {@code maxMillis}: a replay that starts playing while the reader still fills competes with it
     * for the two cores, and at 100x its first second dropped frames.
     */
    synchronized void awaitFull(long maxMillis) throws InterruptedException {
        long giveUp = clock.nanoTime() + maxMillis * 1_000_000;
        long left;
        while (!finished && readChunks < PRE_ROLL_CHUNKS && (left = giveUp - clock.nanoTime()) > 0) {
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /**
     * The damaged batch reading stopped in front of, once {@link #advanceTo} has handed out everything
     * before it; null until then (and when there is none).
     */
    RecordingDamage gap() {
        return gap;
    }

    /** Wall time the taking thread has waited for the reader in {@link #advanceTo}. */
    long waitNanos() {
        return waitNanos;
    }

    /** Stops the reader and waits for it, so the cursor (and the recording) is free again. */
    @Override
    public void close() {
        reader.close();
    }
}
