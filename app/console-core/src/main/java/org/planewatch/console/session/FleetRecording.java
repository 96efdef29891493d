package org.planewatch.console.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.planewatch.console.fleet.FleetRecorder;
import org.planewatch.console.record.Recorder;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * A recording of a fleet from its Kafka topics (ADR 0106): the fleet's recorder reads the rollups,
 * every exclusion decision and the raw updates of the devices in alarm, and a {@link Recorder}
 * writes them to a new file in the console's format, with the fleet's alarms in its alarm table.
 * Kafka keeps what is not read yet, so when the file falls behind the reading waits instead of
 * dropping anything.
 */
public final class FleetRecording implements AutoCloseable {
    /** How far back decisions are read at the start, and a device's raw updates when it enters alarm. */
    public static final Duration DEFAULT_LOOKBACK = FleetSession.DRILL_DOWN_LOOKBACK;
    /** How long the cluster has to answer before the recording is refused. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
    /** Updates waiting for the file beyond which reading waits (a quarter of what the recorder holds). */
    private static final long MAX_BACKLOG_UPDATES = 1_000_000;

    private final Recorder recorder;
    private final FleetRecorder fleet;

    private FleetRecording(Recorder recorder, FleetRecorder fleet) {
        this.recorder = recorder;
        this.fleet = fleet;
    }

    /**
     * Starts recording the fleet at {@code address} to {@code file}, which must not exist.
     *
     * @param appVersion written into the recording
     * @param ringMillis keep only about this much history (0: all of it)
     * @param maxBytes stop when the file would grow past this (0: only the disk limits it)
     * @param onStopped hears of a recording that stopped on its own (disk full, size limit), with why
     * @throws SessionException what is wrong, in one line: the file exists, the cluster does not answer
     *     within {@code timeout}, a topic is missing
     */
    public static FleetRecording start(
            FleetAddress address,
            Path file,
            InstantSource clock,
            Duration lookback,
            Duration timeout,
            String appVersion,
            long ringMillis,
            long maxBytes,
            BiConsumer<Path, String> onStopped)
            throws SessionException {
        if (Files.exists(file)) {
            // Said before the cluster is asked: nothing already recorded is ever overwritten.
            throw new SessionException(
                    file + ": already exists; choose a new file name (recordings are never overwritten)", null);
        }
        FleetRecorder fleet;
        try {
            fleet = FleetRecorder.open(address, clock, lookback, timeout);
        } catch (IllegalArgumentException e) {
            throw new SessionException(e.getMessage(), e);
        }
        Recorder recorder;
        try {
            recorder = Recorder.start(
                    file,
                    new RecordingMetadata(address.label(), "", 1, appVersion, address.label()),
                    clock::millis,
                    ringMillis,
                    maxBytes,
                    onStopped::accept);
        } catch (RecordingException e) {
            fleet.close();
            throw SessionException.of(e);
        }
        fleet.start(new FleetRecorder.Sink() {
            @Override
            public void events(List<IngestEvent> batch) throws InterruptedException {
                while (recorder.backlogUpdates() > MAX_BACKLOG_UPDATES
                        && recorder.status().recording()) {
                    Thread.sleep(10);
                }
                recorder.onBatch(batch);
            }

            @Override
            public void alarm(Alarm alarm) {
                recorder.alarm(mark(alarm));
            }
        });
        return new FleetRecording(recorder, fleet);
    }

    private static RecordingReader.AlarmMark mark(Alarm alarm) {
        return new RecordingReader.AlarmMark(
                alarm.raisedAtMillis(),
                alarm.clearedAtMillis() == 0 ? null : alarm.clearedAtMillis(),
                alarm.kind().name(),
                alarm.subject(),
                alarm.severity().name(),
                alarm.message());
    }

    public Path file() {
        return recorder.file();
    }

    /** What the file holds so far. */
    public RecordingStatus status() {
        return RecordingStatus.of(recorder.status());
    }

    /**
     * What was read from the fleet so far.
     *
     * @param rollups rollup records
     * @param decisions exclusion decisions (one the topic holds twice counts twice; the file holds it once)
     * @param rawNotifications notifications of the devices in alarm
     * @param devicesInAlarm the devices the fleet's alarms are about now
     * @param problem what goes wrong reading the topics now, empty when nothing
     */
    public record Progress(
            long rollups, long decisions, long rawNotifications, Set<String> devicesInAlarm, String problem) {}

    public Progress progress() {
        return new Progress(
                fleet.rollups(), fleet.decisions(), fleet.rawNotifications(), fleet.devicesInAlarm(), fleet.problem());
    }

    /** Whether reading the fleet stopped on its own ({@link Progress#problem} says why). */
    public boolean readingFailed() {
        return fleet.failed();
    }

    /** Stops reading, writes what was read and closes the file cleanly (self-contained, no WAL beside it). */
    @Override
    public void close() {
        fleet.close();
        recorder.close();
    }
}
