package org.planewatch.console.viewmodel;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.planewatch.console.record.RecordingDamage;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.WallClockText;
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

    /** The recording's marks along its timeline, read once when it is opened. */
    /**
     * What the timeline strip marks.
     *
     * @param exclusions distinct arrival instants of the recorded decisions, ascending (an array: an
     *     hour of the demo has about a million); never changed
     * @param gaps the periods a source was not streaming while it was recorded
     */
    public record Marks(
            List<RecordingReader.Activity> activity,
            long[] exclusions,
            List<Long> alarms,
            List<RecordingReader.Bookmark> bookmarks,
            List<RecordingReader.Gap> gaps) {}

    private final ReplayDriver driver;
    private final Path file;
    private final Marks marks;
    private final ReadOnlyObjectWrapper<ReplayPosition> position;
    private final ReadOnlyStringWrapper timeText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper banner;
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    private final RecordingReader recording;
    /** What is wrong with the recording (an abrupt end, gaps), one line each, in the order found; FX thread only. */
    private final List<String> notices = new java.util.ArrayList<>();

    private final ReadOnlyStringWrapper noticeText = new ReadOnlyStringWrapper("");
    private List<RecordingDamage> damage = List.of();
    private Consumer<String> noticeListener = line -> {};

    private ReplayViewModel(
            ReplayDriver driver,
            RecordingReader recording,
            Path file,
            Marks marks,
            String banner,
            Optional<RecordingReader.AbruptEnd> abruptEnd) {
        this.driver = driver;
        this.recording = recording;
        this.file = file;
        this.marks = marks;
        this.banner = new ReadOnlyStringWrapper(banner);
        this.position = new ReadOnlyObjectWrapper<>(driver.position());
        abruptEnd.ifPresent(end -> addNotice(end.describe()));
        updateTimeText(driver.position());
    }

    /** Opens a recording read-only and starts its replay thread, paused at the beginning. */
    public static ReplayViewModel open(Path file, InstantSource wallClock, AlarmThresholds thresholds)
            throws RecordingException {
        RecordingReader reader = RecordingReader.open(file);
        try {
            Marks marks = new Marks(
                    reader.activity(),
                    reader.exclusionTimes(),
                    reader.alarms().stream()
                            .map(RecordingReader.AlarmMark::raisedMillis)
                            .toList(),
                    reader.bookmarks(),
                    reader.gaps());
            ReplayEngine engine = new ReplayEngine(reader, thresholds);
            String scenario = reader.metadata().scenario().isEmpty()
                    ? ""
                    : " \u00b7 scenario " + reader.metadata().scenario();
            String banner = "REPLAY \u00b7 " + file.getFileName() + scenario + " \u00b7 recorded from "
                    + reader.metadata().sources() + " \u00b7 read-only";
            Optional<RecordingReader.AbruptEnd> abruptEnd = reader.abruptEnd();
            ReplayViewModel[] holder = new ReplayViewModel[1];
            ReplayDriver driver = new ReplayDriver(engine, wallClock, message -> holder[0].errors.add(message));
            holder[0] = new ReplayViewModel(driver, reader, file, marks, banner, abruptEnd);
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

    /**
     * What is wrong with the recording, one line each: that it ended abruptly (its recorder was killed
     * or is still recording), and every gap (damaged batch) and damaged keyframe found so far. Empty
     * for an intact recording.
     */
    public ReadOnlyStringProperty noticesProperty() {
        return noticeText.getReadOnlyProperty();
    }

    /** The damage found so far (gaps to mark on the timeline); FX thread. */
    public List<RecordingDamage> damage() {
        return damage;
    }

    /**
     * Gives every notice (see {@link #noticesProperty}) to {@code listener}: those there are now at
     * once, later ones as they are found, on the JavaFX thread. The console prints them to stderr.
     */
    public void onNotice(Consumer<String> listener) {
        noticeListener = listener;
        notices.forEach(listener);
    }

    /** The last replay error (a failed command, say) in operator words; empty when all is well. */
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
        if (recording.damageCount() != damage.size()) {
            List<RecordingDamage> found = recording.damageFound();
            for (RecordingDamage d : found.subList(damage.size(), found.size())) {
                addNotice(d.describe());
            }
            damage = found;
        }
    }

    private void addNotice(String line) {
        notices.add(line);
        noticeText.set(String.join(
                "\n", notices.stream().map(ReplayViewModel::capitalized).toList()));
        noticeListener.accept(line);
    }

    private static String capitalized(String line) {
        return line.isEmpty() ? line : Character.toUpperCase(line.charAt(0)) + line.substring(1);
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
        return WallClockText.format(millis);
    }

    public static String formatOffset(long millis) {
        long ms = Math.max(0, millis);
        return String.format(
                Locale.ROOT, "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    }

    private void updateTimeText(ReplayPosition p) {
        timeText.set(formatInstant(p.atMillis()) + "   +" + formatOffset(p.atMillis() - p.startMillis()) + " / "
                + formatOffset(p.endMillis() - p.startMillis()) + "   " + speedText(p.speed())
                + (p.playing() ? " \u25b6" : " \u2016"));
    }

    public static String speedText(double speed) {
        return (speed == Math.rint(speed)
                        ? String.format(Locale.ROOT, "%.0f", speed)
                        : String.format(Locale.ROOT, "%s", speed))
                + "\u00d7";
    }

    @Override
    public void close() {
        driver.close();
    }
}
