package org.planewatch.console.viewmodel;

import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.replay.ReplayDriver;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.replay.ReplayPosition;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.SnapshotSource;

/**
 * The replay timeline: where the replay stands, what happened along the recording (event density,
 * exclusion decisions, alarms, bookmarks), and the commands of the transport bar. Commands run on
 * the replay thread; the position is read once per frame.
 */
public final class ReplayViewModel implements AutoCloseable {
    public static final List<Double> SPEEDS = List.of(0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 100.0, 300.0, 1000.0);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** The recording's marks along its timeline, read once when it is opened. */
    /**
     * What the timeline strip marks.
     *
     * @param exclusions distinct arrival instants of the recorded decisions, ascending (an array: an
     *     hour of the demo has about a million); never changed
     * @param gaps the periods a source was not streaming while it was recorded
     */
    public record Marks(List<RecordingReader.Activity> activity, long[] exclusions, List<Long> alarms,
            List<RecordingReader.Bookmark> bookmarks, List<RecordingReader.Gap> gaps) {}

    private final ReplayDriver driver;
    private final Path file;
    private final Marks marks;
    private final ReadOnlyObjectWrapper<ReplayPosition> position;
    private final ReadOnlyStringWrapper timeText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper banner;
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();

    private ReplayViewModel(ReplayDriver driver, Path file, Marks marks, String banner) {
        this.driver = driver;
        this.file = file;
        this.marks = marks;
        this.banner = new ReadOnlyStringWrapper(banner);
        this.position = new ReadOnlyObjectWrapper<>(driver.position());
        updateTimeText(driver.position());
    }

    /** Opens a recording read-only and starts its replay thread, paused at the beginning. */
    public static ReplayViewModel open(Path file, InstantSource wallClock, AlarmThresholds thresholds) throws RecordingException {
        RecordingReader reader = RecordingReader.open(file);
        try {
            Marks marks = new Marks(reader.activity(),
                    reader.exclusionTimes(),
                    reader.alarms().stream().map(RecordingReader.AlarmMark::raisedMillis).toList(),
                    reader.bookmarks(),
                    reader.gaps());
            ReplayEngine engine = new ReplayEngine(reader, thresholds);
            String scenario = reader.metadata().scenario().isEmpty() ? "" : " \u00b7 scenario " + reader.metadata().scenario();
            String banner = "REPLAY \u00b7 " + file.getFileName() + scenario + " \u00b7 recorded from "
                    + reader.metadata().sources() + " \u00b7 read-only";
            ReplayViewModel[] holder = new ReplayViewModel[1];
            ReplayDriver driver = new ReplayDriver(engine, wallClock, message -> holder[0].errors.add(message));
            holder[0] = new ReplayViewModel(driver, file, marks, banner);
            driver.start();
            // Opening showed the start without the decision history; read it before the first seek needs it.
            driver.submit(replaying -> replaying.recording().loadDecisionHistory());
            return holder[0];
        } catch (RecordingException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** What the fabric views show while replaying. */
    public SnapshotSource source() {
        return driver;
    }

    public Path file() {
        return file;
    }

    public Marks marks() {
        return marks;
    }

    public ReadOnlyObjectProperty<ReplayPosition> positionProperty() {
        return position.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty timeTextProperty() {
        return timeText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty bannerProperty() {
        return banner.getReadOnlyProperty();
    }

    /** The last replay error (a damaged batch, say) in operator words; empty when all is well. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Once per frame, on the JavaFX thread. */
    public void onFrame() {
        ReplayPosition now = driver.position();
        if (!now.equals(position.get())) {
            position.set(now);
            updateTimeText(now);
        }
        String message = errors.poll();
        if (message != null) {
            error.set(message);
        }
    }

    public void togglePlay() {
        driver.submit(engine -> {
            if (engine.position().playing()) {
                engine.pause();
            } else {
                engine.play();
            }
        });
    }

    public void pause() {
        driver.submit(ReplayEngine::pause);
    }

    public void setSpeed(double speed) {
        driver.submit(engine -> engine.setSpeed(speed));
    }

    public void seekToFraction(double fraction) {
        ReplayPosition p = position.get();
        seekTo(p.startMillis() + Math.round(Math.clamp(fraction, 0.0, 1.0) * (p.endMillis() - p.startMillis())));
    }

    public void seekTo(long atMillis) {
        driver.submit(engine -> engine.seek(atMillis));
    }

    public void stepToNextExclusion() {
        driver.submit(ReplayEngine::stepToNextExclusion);
    }

    public void stepToPreviousExclusion() {
        driver.submit(ReplayEngine::stepToPreviousExclusion);
    }

    public void stepToNextAlarm() {
        driver.submit(ReplayEngine::stepToNextAlarm);
    }

    public void stepToPreviousAlarm() {
        driver.submit(ReplayEngine::stepToPreviousAlarm);
    }

    /** Builds the "compare" view of two instants on the replay thread. */
    public CompletableFuture<ReplayComparison> compare(long atMillisA, long atMillisB) {
        CompletableFuture<ReplayComparison> result = new CompletableFuture<>();
        driver.submit(engine -> {
            try {
                result.complete(ReplayComparison.of(engine.snapshotAt(atMillisA), engine.snapshotAt(atMillisB)));
            } catch (RecordingException | RuntimeException e) {
                result.completeExceptionally(e);
                throw e;
            }
        });
        return result;
    }

    public static String formatInstant(long millis) {
        return CLOCK.format(Instant.ofEpochMilli(millis));
    }

    public static String formatOffset(long millis) {
        long ms = Math.max(0, millis);
        return String.format(Locale.ROOT, "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    }

    private void updateTimeText(ReplayPosition p) {
        timeText.set(formatInstant(p.atMillis()) + "   +" + formatOffset(p.atMillis() - p.startMillis()) + " / "
                + formatOffset(p.endMillis() - p.startMillis()) + "   " + speedText(p.speed()) + (p.playing() ? " \u25b6" : " \u2016"));
    }

    public static String speedText(double speed) {
        return (speed == Math.rint(speed) ? String.format(Locale.ROOT, "%.0f", speed) : String.format(Locale.ROOT, "%s", speed)) + "\u00d7";
    }

    @Override
    public void close() {
        driver.close();
    }
}
