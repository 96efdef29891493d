package org.planewatch.console.session;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.planewatch.console.fleet.RecordedFleet;
import org.planewatch.console.record.CsvExporter;
import org.planewatch.console.record.RecordingDamage;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.replay.ReplayDriver;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.replay.ReplayPosition;
import org.planewatch.console.replay.RollupView;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.path.PathPattern;

/**
 * A replay session: the one place that puts a replay together. The recording, opened read-only;
 * the replay engine, which plays it through a telemetry store of its own; and the replay driver,
 * the thread that moves it every frame and carries out the timeline's commands. The window and the
 * benchmarks replay through one; views see it as a {@link SnapshotSource}, the timeline's view
 * model as a {@link ReplayControl}, a {@link RecordingTimeline} and a {@link CsvExport}. Closing it
 * closes the recording.
 */
public final class ReplaySession implements ReplayControl, RecordingTimeline, CsvExport, AutoCloseable {
    private final Path file;
    private final RecordingReader reader;
    private final ReplayEngine engine;
    private final ReplayDriver driver;
    private final TimelineMarks marks;
    private final Optional<String> abruptEnd;
    private final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();

    private ReplaySession(Path file, RecordingReader reader, InstantSource wallClock, AlarmThresholds thresholds)
            throws RecordingException {
        this.file = file;
        this.reader = reader;
        this.marks = marks(reader);
        this.abruptEnd = reader.abruptEnd().map(RecordingReader.AbruptEnd::describe);
        this.engine = new ReplayEngine(reader, thresholds, rollupsOf(reader.metadata()));
        this.driver = new ReplayDriver(engine, wallClock, errors::add);
    }

    /**
     * Opens a recording read-only and starts its replay thread, paused at the beginning; a file that
     * is not a recording it can replay is refused with what is wrong with it.
     */
    public static ReplaySession open(Path file, InstantSource wallClock, AlarmThresholds thresholds)
            throws SessionException {
        RecordingReader reader;
        try {
            reader = RecordingReader.open(file);
        } catch (RecordingException e) {
            throw SessionException.of(e);
        }
        try {
            ReplaySession session = new ReplaySession(file, reader, wallClock, thresholds);
            session.driver.start();
            // Opening showed the start without the decision history; read it before the first seek needs it.
            session.driver.submit(replaying -> replaying.recording().loadDecisionHistory());
            return session;
        } catch (RecordingException e) {
            reader.close();
            throw SessionException.of(e);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** A fleet recording's rollups shown as the console on the fleet shows them live (ADR 0106); null for agents. */
    private static RollupView.Factory rollupsOf(RecordingMetadata metadata) {
        if (!metadata.isFleet()) {
            return null;
        }
        return clock -> {
            RecordedFleet fleet = new RecordedFleet(metadata.fleet(), clock, FleetSession.ROLLUP_FRESHNESS);
            return new RollupView() {
                @Override
                public void take(IngestEvent.Rollup rollup) {
                    fleet.take(rollup);
                }

                @Override
                public FabricSnapshot compose(FabricSnapshot store) {
                    return fleet.around(store);
                }
            };
        };
    }

    private static TimelineMarks marks(RecordingReader reader) throws RecordingException {
        return new TimelineMarks(
                reader.activity().stream()
                        .map(a -> new TimelineMarks.Activity(a.secondMillis(), a.updates()))
                        .toList(),
                reader.exclusionTimes(),
                reader.alarms().stream()
                        .map(RecordingReader.AlarmMark::raisedMillis)
                        .toList(),
                reader.bookmarks().stream()
                        .map(b -> new TimelineMarks.Bookmark(b.atMillis(), b.note()))
                        .toList(),
                reader.gaps().stream()
                        .map(g -> new TimelineMarks.SourceGap(g.source(), g.fromMillis(), g.toMillis(), g.reason()))
                        .toList());
    }

    /** What the fabric views show while replaying. */
    public SnapshotSource source() {
        return driver;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public String sources() {
        return reader.metadata().sources();
    }

    @Override
    public String scenario() {
        return reader.metadata().scenario();
    }

    @Override
    public TimelineMarks marks() {
        return marks;
    }

    @Override
    public Optional<String> abruptEnd() {
        return abruptEnd;
    }

    @Override
    public int damageCount() {
        return reader.damageCount();
    }

    @Override
    public List<DamageBand> damageFound() {
        return reader.damageFound().stream().map(ReplaySession::band).toList();
    }

    private static DamageBand band(RecordingDamage damage) {
        return new DamageBand(
                damage.kind() == RecordingDamage.Kind.GAP, damage.fromMillis(), damage.toMillis(), damage.describe());
    }

    @Override
    public Playhead playhead() {
        ReplayPosition p = driver.position();
        return new Playhead(p.atMillis(), p.startMillis(), p.endMillis(), p.playing(), p.speed());
    }

    @Override
    public String pollError() {
        return errors.poll();
    }

    @Override
    public void togglePlay() {
        driver.submit(engine -> {
            if (engine.position().playing()) {
                engine.pause();
            } else {
                engine.play();
            }
        });
    }

    @Override
    public void pause() {
        driver.submit(ReplayEngine::pause);
    }

    /** Starts playing (a replay at its end stays there). */
    public void play() {
        driver.submit(ReplayEngine::play);
    }

    @Override
    public void setSpeed(double speed) {
        driver.submit(engine -> engine.setSpeed(speed));
    }

    @Override
    public void seekTo(long atMillis) {
        driver.submit(engine -> engine.seek(atMillis));
    }

    @Override
    public void stepToNextExclusion() {
        driver.submit(ReplayEngine::stepToNextExclusion);
    }

    @Override
    public void stepToPreviousExclusion() {
        driver.submit(ReplayEngine::stepToPreviousExclusion);
    }

    @Override
    public void stepToNextAlarm() {
        driver.submit(ReplayEngine::stepToNextAlarm);
    }

    @Override
    public void stepToPreviousAlarm() {
        driver.submit(ReplayEngine::stepToPreviousAlarm);
    }

    @Override
    public CompletableFuture<FabricSnapshot> snapshotAt(long atMillis) {
        CompletableFuture<FabricSnapshot> result = new CompletableFuture<>();
        driver.submit(engine -> {
            try {
                result.complete(engine.snapshotAt(atMillis));
            } catch (RecordingException | RuntimeException e) {
                result.completeExceptionally(e);
                throw e;
            }
        });
        return result;
    }

    @Override
    public long exportCsv(long fromMillis, long toMillis, PathPattern leaves, Path out)
            throws SessionException, IOException {
        try (RecordingReader export = RecordingReader.open(file);
                Writer writer = Files.newBufferedWriter(out)) {
            return CsvExporter.export(export, fromMillis, toMillis, leaves, "*", writer);
        } catch (RecordingException e) {
            throw SessionException.of(e);
        }
    }

    /**
     * Whether the replay thread has finished (or given up) its rehearsal, the throwaway replay it
     * plays while paused so that the first real one runs compiled code.
     */
    public boolean rehearsed() {
        return driver.rehearsed();
    }

    /** Wall time the replay thread has waited for decoding so far: a replay that falls behind because decoding does. */
    public long readAheadWaitNanos() {
        return engine.readAheadWaitNanos();
    }

    /** Stops the replay thread and closes the recording. */
    @Override
    public void close() {
        driver.close();
    }
}
