package org.planewatch.console.replay;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.planewatch.console.record.RecordingDamage;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.telemetry.EventColumns;
import org.planewatch.console.telemetry.EventQueue;
import org.planewatch.console.telemetry.IngestEvent;

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

    private final BlockingQueue<Chunk> chunks = new ArrayBlockingQueue<>(CHUNKS);
    private final EventQueue taken = new EventQueue();
    private final Thread thread;
    private long takenUntil;
    /** The gap reading stopped at, once the taking thread has taken everything before it. */
    private RecordingDamage gap;
    /** How long the taking thread has waited for chunks (its own field: only that thread reads and writes it). */
    private long waitNanos;

    private volatile boolean running = true;
    /** Chunks read so far and whether reading ended: what {@link #awaitFull} waits on. */
    private long readChunks;

    private boolean finished;

    /** Starts reading from the cursor's position, which is {@code fromMillis}, to {@code endMillis}. */
    ReadAhead(ReplayCursor cursor, long fromMillis, long endMillis) {
        this.takenUntil = fromMillis;
        this.thread = Thread.ofPlatform()
                .daemon()
                .name("planewatch-replay-read")
                .start(() -> read(cursor, fromMillis, endMillis));
    }

    private void read(ReplayCursor cursor, long fromMillis, long endMillis) {
        try {
            long until = fromMillis;
            while (running && until < endMillis) {
                until = Math.min(until + CHUNK_MILLIS, endMillis);
                Chunk chunk;
                try {
                    List<EventColumns> runs = cursor.advanceRunsTo(until);
                    RecordingDamage stopped = cursor.stoppedAt().orElse(null);
                    if (stopped != null) {
                        chunks.put(new Chunk(Long.MAX_VALUE, runs, null, stopped));
                        return;
                    }
                    chunk = new Chunk(until, runs, null, null);
                } catch (RecordingException e) {
                    chunks.put(new Chunk(Long.MAX_VALUE, List.of(), e, null));
                    return;
                }
                chunks.put(chunk);
                synchronized (this) {
                    readChunks++;
                    notifyAll();
                }
            }
        } catch (InterruptedException e) {
            // close(): the replay moved elsewhere or stopped.
        } finally {
            synchronized (this) {
                finished = true;
                notifyAll();
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
                    long waitFrom = System.nanoTime();
                    chunk = chunks.take();
                    waitNanos += System.nanoTime() - waitFrom;
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
        long giveUp = System.nanoTime() + maxMillis * 1_000_000;
        long left;
        while (!finished && readChunks < PRE_ROLL_CHUNKS && (left = giveUp - System.nanoTime()) > 0) {
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
        running = false;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
