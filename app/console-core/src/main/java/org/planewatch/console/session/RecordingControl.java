package org.planewatch.console.session;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.planewatch.console.record.IncidentExporter;
import org.planewatch.console.record.Recorder;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * Recording of a live session: hands every batch the state owner applies to a {@link Recorder}
 * (its own thread and file), and saves incidents from what was recorded. One recording at a time.
 * A recording that stops on its own (disk full, size limit, file error) raises a RECORDING alarm,
 * which holds until the next recording starts.
 */
public final class RecordingControl implements AutoCloseable {
    /** Subject of the RECORDING alarm: there is one recorder. */
    public static final String ALARM_SUBJECT = "recorder";

    private final InstantSource clock;
    private final RecordingInfo info;
    private final BiConsumer<Path, String> onStopped;
    private final TelemetryStore store;
    private volatile Recorder recorder;
    /** The recording running now or, once it stopped, the last one (its final status stays readable). */
    private volatile Recorder last;
    /** Journals the alarms of the recording running now; used on the state owner thread only. */
    private volatile AlarmJournal alarms;

    RecordingControl(IngestPump pump, InstantSource clock, RecordingInfo info, BiConsumer<Path, String> onStopped) {
        this.clock = clock;
        this.info = info;
        this.onStopped = onStopped;
        this.store = pump.store();
        pump.addBatchListener(batch -> {
            Recorder current = recorder;
            if (current != null) {
                current.onBatch(batch);
            }
        });
        pump.addSnapshotListener(snapshot -> {
            Recorder current = recorder;
            AlarmJournal journal = alarms;
            if (current != null && journal != null) {
                journal.changes(snapshot).forEach(current::alarm);
                journal.acknowledgements(snapshot).forEach(current::acknowledged);
            }
        });
    }

    /** Starts recording to a new file (never overwrites one); stops a recording already running. */
    public synchronized void start(Path file, long ringMillis) throws SessionException {
        start(file, ringMillis, 0);
    }

    /** @param maxBytes stop recording when the file would grow past this size, as on a full disk (0: only the disk limits it) */
    public synchronized void start(Path file, long ringMillis, long maxBytes) throws SessionException {
        stop();
        store.release(Alarm.Kind.RECORDING, ALARM_SUBJECT);
        alarms = new AlarmJournal(clock.millis());
        try {
            last = recorder =
                    Recorder.start(file, info.metadata(), clock::millis, ringMillis, maxBytes, (f, reason) -> {
                        recorder = null;
                        store.hold(
                                Alarm.Kind.RECORDING,
                                ALARM_SUBJECT,
                                Alarm.Severity.MAJOR,
                                "Recording to " + f.getFileName() + " stopped: " + reason);
                        onStopped.accept(f, reason);
                    });
        } catch (RecordingException e) {
            throw SessionException.of(e);
        }
    }

    /** Closes the file cleanly (self-contained, no WAL beside it). */
    public synchronized void stop() {
        Recorder current = recorder;
        recorder = null;
        if (current != null) {
            current.close();
        }
    }

    /** How the running recording goes; empty when nothing is recording. */
    public Optional<RecordingStatus> status() {
        Recorder current = recorder;
        return current == null ? Optional.empty() : Optional.of(RecordingStatus.of(current.status()));
    }

    /** How the last recording went, running or stopped (on its own or asked to); empty before the first. */
    public Optional<RecordingStatus> lastStatus() {
        Recorder latest = last;
        return latest == null ? Optional.empty() : Optional.of(RecordingStatus.of(latest.status()));
    }

    /** Records what was still queued when the session stopped, on the thread that stopped it. */
    void onBatch(List<IngestEvent> batch) {
        Recorder current = recorder;
        if (current != null && !batch.isEmpty()) {
            current.onBatch(batch);
        }
    }

    public void bookmark(String note) {
        Recorder current = recorder;
        if (current != null) {
            current.bookmark(clock.millis(), note);
        }
    }

    /** Writes the last {@code windowMillis} of the running recording to a self-contained incident file. */
    public void saveIncident(long windowMillis, Path out) throws SessionException {
        Recorder current = recorder;
        try {
            if (current == null) {
                throw new RecordingException(out, "nothing is being recorded: start recording first");
            }
            try (RecordingReader reader = RecordingReader.open(current.file())) {
                long[] range = reader.timeRange();
                if (range == null) {
                    throw new RecordingException(out, "the recording holds no data yet");
                }
                IncidentExporter.export(
                        reader, Math.max(range[0], range[1] - windowMillis), range[1], out, clock.millis());
            }
        } catch (RecordingException e) {
            throw SessionException.of(e);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
