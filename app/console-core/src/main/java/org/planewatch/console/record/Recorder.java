package org.planewatch.console.record;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * Records ingest batches to a file on its own thread, off the UI and off the state owner. The
 * owner hands each drained batch over through a bounded queue; the recorder drains whatever is
 * queued and commits it as one transaction, so the file is never more than one hand-over behind.
 * The queue is bounded by the updates waiting in it, not by the number of batches: the state owner
 * hands over thousands of one-notification batches a second when data trickles in, and they must
 * all fit while a commit is under way. A full queue drops the batch and counts it (shown to the
 * operator), a full disk stops recording and reports why; neither stops the console.
 */
public final class Recorder implements AutoCloseable {
    /** Why recording stopped on its own (disk full, file error), in operator words. */
    public interface StopListener {
        void onStopped(Path file, String reason);
    }

    /** What the status bar shows about recording. */
    public record Status(
            boolean recording,
            Path file,
            long batches,
            long updates,
            long dataBytes,
            long droppedBatches,
            String lastError) {
        static final Status IDLE = new Status(false, null, 0, 0, 0, 0, "");
    }

    private sealed interface Command {}

    private record Append(List<IngestEvent> batch, long updates) implements Command {}

    /**
     * What a recording loses at most when its process is killed while the writer keeps up: the state
     * owner hands every batch over as soon as it drained it (waiting at most 250 ms for the first
     * event), and this thread commits whatever is queued at once, so a SIGKILL loses well under a second
     * (RecorderKillTest; the measured figures are in ADR 0085). What the replay of an abruptly
     * ended recording says may be missing.
     */
    public static final long ABRUPT_END_LOSS_MILLIS = 250;

    /** Enough for a few seconds of a million updates a second while a commit is slow. */
    static final long MAX_PENDING_UPDATES = 4_000_000;

    private static final int QUEUE_CAPACITY = 65_536;

    private record Bookmark(long atMillis, String note) implements Command {}

    private record AlarmChange(RecordingReader.AlarmMark alarm) implements Command {}

    private record Acknowledgement(RecordingReader.AckMark ack) implements Command {}

    private record Stop(CompletableFuture<Void> done) implements Command {}

    private final RecordingWriter writer;
    private final BlockingQueue<Command> queue;
    private final StopListener stopListener;
    private final Thread thread;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong pendingUpdates = new AtomicLong();
    private final AtomicReference<Status> status;
    private volatile boolean accepting = true;

    private Recorder(RecordingWriter writer, int queueCapacity, StopListener stopListener) {
        this.writer = writer;
        this.queue = new ArrayBlockingQueue<>(queueCapacity);
        this.stopListener = stopListener;
        this.status = new AtomicReference<>(new Status(true, writer.file(), 0, 0, 0, 0, ""));
        this.thread = Thread.ofPlatform().daemon().name("planewatch-recorder").unstarted(this::run);
    }

    /** Creates the file and starts the recorder thread. */
    public static Recorder start(
            Path file,
            RecordingMetadata metadata,
            LongSupplier wallClockMillis,
            long ringMillis,
            long maxBytes,
            StopListener stopListener)
            throws RecordingException {
        RecordingWriter writer = RecordingWriter.create(
                file,
                metadata,
                wallClockMillis.getAsLong(),
                RecordingWriter.DEFAULT_KEYFRAME_INTERVAL_MILLIS,
                ringMillis,
                maxBytes);
        Recorder recorder = new Recorder(writer, QUEUE_CAPACITY, stopListener);
        recorder.thread.start();
        return recorder;
    }

    /** Called by the state owner after each applied batch; copies it and never blocks. */
    public void onBatch(List<? extends IngestEvent> batch) {
        if (!accepting || batch.isEmpty()) {
            return;
        }
        long updates = updatesIn(batch);
        if (pendingUpdates.addAndGet(updates) > MAX_PENDING_UPDATES
                || !queue.offer(new Append(List.copyOf(batch), updates))) {
            pendingUpdates.addAndGet(-updates);
            dropped.incrementAndGet();
        }
    }

    public void bookmark(long atMillis, String note) {
        if (accepting && !queue.offer(new Bookmark(atMillis, note))) {
            dropped.incrementAndGet();
        }
    }

    /**
     * An alarm was raised ({@code clearedMillis} null) or cleared. Written after the batches handed
     * over before it; never blocks the caller.
     */
    public void alarm(RecordingReader.AlarmMark alarm) {
        if (accepting && !queue.offer(new AlarmChange(alarm))) {
            dropped.incrementAndGet();
        }
    }

    /** An operator acknowledged an alarm; written in order with the alarms; never blocks the caller. */
    public void acknowledged(RecordingReader.AckMark ack) {
        if (accepting && !queue.offer(new Acknowledgement(ack))) {
            dropped.incrementAndGet();
        }
    }

    public Status status() {
        return status.get();
    }

    /** Updates handed over and not written yet: a caller that can wait (its source keeps what it did not read) waits while there are many. */
    public long backlogUpdates() {
        return pendingUpdates.get();
    }

    public Path file() {
        return writer.file();
    }

    /** Writes what is queued, closes the file (self-contained, no WAL beside it) and stops the thread. */
    @Override
    public void close() {
        accepting = false;
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            queue.put(new Stop(done));
            done.get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            thread.interrupt();
        }
    }

    private void run() {
        List<Command> drained = new ArrayList<>();
        List<IngestEvent> merged = new ArrayList<>();
        boolean open = true;
        while (open) {
            try {
                drained.add(queue.take());
            } catch (InterruptedException e) {
                break;
            }
            queue.drainTo(drained);
            for (Command command : drained) {
                switch (command) {
                    case Append append -> {
                        merged.addAll(append.batch());
                        pendingUpdates.addAndGet(-append.updates());
                    }
                    case Bookmark bookmark -> {
                        open = flush(merged) && write(w -> w.addBookmark(bookmark.atMillis(), bookmark.note()));
                    }
                    case AlarmChange change -> {
                        RecordingReader.AlarmMark a = change.alarm();
                        open = flush(merged)
                                && write(w -> w.recordAlarm(
                                        a.raisedMillis(),
                                        a.clearedMillis(),
                                        a.kind(),
                                        a.subject(),
                                        a.severity(),
                                        a.message()));
                    }
                    case Acknowledgement acknowledgement -> {
                        open = flush(merged) && write(w -> w.recordAcknowledgement(acknowledgement.ack()));
                    }
                    case Stop stop -> {
                        flush(merged);
                        closeWriter();
                        stop.done().complete(null);
                        open = false;
                    }
                }
                if (!open) {
                    break;
                }
            }
            drained.clear();
            if (open) {
                open = flush(merged);
            }
        }
        accepting = false;
        // Commands left behind a failure: release whoever waits for a stop.
        for (Command command : queue) {
            if (command instanceof Stop stop) {
                stop.done().complete(null);
            }
        }
    }

    /** Notifications count their updates and deletes; other events count as one. */
    private static long updatesIn(List<? extends IngestEvent> batch) {
        long updates = 0;
        for (IngestEvent event : batch) {
            updates += event instanceof IngestEvent.Notification n
                    ? Math.max(1, n.updates().size() + n.deletes().size())
                    : 1;
        }
        return updates;
    }

    private boolean flush(List<IngestEvent> merged) {
        if (merged.isEmpty()) {
            return true;
        }
        boolean ok = write(w -> w.append(merged));
        merged.clear();
        return ok;
    }

    private interface WriterAction {
        void apply(RecordingWriter writer) throws RecordingException;
    }

    private boolean write(WriterAction action) {
        try {
            action.apply(writer);
            status.set(new Status(
                    true,
                    writer.file(),
                    writer.committedBatches(),
                    writer.updatesWritten(),
                    writer.dataBytesWritten(),
                    dropped.get(),
                    ""));
            return true;
        } catch (RecordingException e) {
            accepting = false;
            status.set(new Status(
                    false,
                    writer.file(),
                    writer.committedBatches(),
                    writer.updatesWritten(),
                    writer.dataBytesWritten(),
                    dropped.get(),
                    e.getMessage()));
            closeWriter();
            stopListener.onStopped(writer.file(), e.getMessage());
            return false;
        }
    }

    private void closeWriter() {
        try {
            writer.close();
        } catch (RecordingException e) {
            // Closing after a failure: the data committed so far stays readable in WAL mode.
        }
        Status last = status.get();
        status.set(new Status(
                false, last.file(), last.batches(), last.updates(), last.dataBytes(), dropped.get(), last.lastError()));
    }

    /** Convenience for callers that only log the stop reason. */
    public static StopListener logTo(Consumer<String> log) {
        return (file, reason) -> log.accept("recording stopped: " + reason);
    }
}
