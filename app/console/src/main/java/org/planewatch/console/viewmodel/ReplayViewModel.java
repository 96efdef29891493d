package org.planewatch.console.viewmodel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.planewatch.console.session.CsvExport;
import org.planewatch.console.session.DamageBand;
import org.planewatch.console.session.Playhead;
import org.planewatch.console.session.RecordingTimeline;
import org.planewatch.console.session.ReplayControl;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.session.TimelineMarks;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.telemetry.path.PathPattern;

/**
 * The replay timeline: where the replay stands, what happened along the recording (event density,
 * exclusion decisions, alarms, bookmarks), and the commands of the transport bar. Commands run on
 * the replay thread; the position is read once per frame.
 */
public final class ReplayViewModel implements AutoCloseable {
    public static final List<Double> SPEEDS = List.of(0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 100.0, 300.0, 1000.0);

    private final ReplayControl control;
    private final RecordingTimeline recording;
    private final CsvExport export;
    private final SnapshotSource source;
    private final ReadOnlyObjectWrapper<Playhead> position;
    private final ReadOnlyStringWrapper timeText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper banner;
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final AutoCloseable closer;
    /** What is wrong with the recording (an abrupt end, gaps), one line each, in the order found; FX thread only. */
    private final List<String> notices = new ArrayList<>();

    private final ReadOnlyStringWrapper noticeText = new ReadOnlyStringWrapper("");
    private List<DamageBand> damage = List.of();
    private Consumer<String> noticeListener = line -> {};

    /** The timeline of {@code session}, which it closes when it is closed. */
    public ReplayViewModel(ReplaySession session) {
        this(session.source(), session, session, session, session);
    }

    /**
     * @param source what the fabric views show while replaying
     * @param closer closed with this view model (the session that owns the replay)
     */
    public ReplayViewModel(
            SnapshotSource source,
            ReplayControl control,
            RecordingTimeline recording,
            CsvExport export,
            AutoCloseable closer) {
        this.source = source;
        this.control = control;
        this.recording = recording;
        this.export = export;
        this.closer = closer;
        String scenario = recording.scenario().isEmpty() ? "" : " \u00b7 scenario " + recording.scenario();
        this.banner =
                new ReadOnlyStringWrapper("REPLAY \u00b7 " + recording.file().getFileName() + scenario
                        + " \u00b7 recorded from " + recording.sources() + " \u00b7 read-only");
        this.position = new ReadOnlyObjectWrapper<>(control.playhead());
        recording.abruptEnd().ifPresent(this::addNotice);
        updateTimeText(control.playhead());
    }

    /** What the fabric views show while replaying. */
    public SnapshotSource source() {
        return source;
    }

    public Path file() {
        return recording.file();
    }

    public TimelineMarks marks() {
        return recording.marks();
    }

    public ReadOnlyObjectProperty<Playhead> positionProperty() {
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
    public List<DamageBand> damage() {
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
        Playhead now = control.playhead();
        if (!now.equals(position.get())) {
            position.set(now);
            updateTimeText(now);
        }
        String message = control.pollError();
        if (message != null) {
            error.set(message);
        }
        if (recording.damageCount() != damage.size()) {
            List<DamageBand> found = recording.damageFound();
            for (DamageBand d : found.subList(damage.size(), found.size())) {
                addNotice(d.description());
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
        control.togglePlay();
    }

    public void pause() {
        control.pause();
    }

    public void setSpeed(double speed) {
        control.setSpeed(speed);
    }

    public void seekToFraction(double fraction) {
        Playhead p = position.get();
        seekTo(p.startMillis() + Math.round(Math.clamp(fraction, 0.0, 1.0) * (p.endMillis() - p.startMillis())));
    }

    public void seekTo(long atMillis) {
        control.seekTo(atMillis);
    }

    public void stepToNextExclusion() {
        control.stepToNextExclusion();
    }

    public void stepToPreviousExclusion() {
        control.stepToPreviousExclusion();
    }

    public void stepToNextAlarm() {
        control.stepToNextAlarm();
    }

    public void stepToPreviousAlarm() {
        control.stepToPreviousAlarm();
    }

    /** Builds the "compare" view of two instants on the replay thread. */
    public CompletableFuture<ReplayComparison> compare(long atMillisA, long atMillisB) {
        CompletableFuture<FabricSnapshot> a = control.snapshotAt(atMillisA);
        CompletableFuture<FabricSnapshot> b = control.snapshotAt(atMillisB);
        return a.thenCombine(b, ReplayComparison::of);
    }

    /** Writes the recorded values of {@code leaves} in the minute before the shown instant to {@code out}; returns the rows. */
    public long exportMinuteBefore(PathPattern leaves, Path out) throws SessionException, IOException {
        long to = position.get().atMillis();
        return export.exportCsv(to - 60_000, to, leaves, out);
    }

    public static String formatInstant(long millis) {
        return Playhead.wallClockText(millis);
    }

    public static String formatOffset(long millis) {
        long ms = Math.max(0, millis);
        return String.format(
                Locale.ROOT, "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    }

    private void updateTimeText(Playhead p) {
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
        try {
            closer.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the replay failed: " + e.getMessage(), e);
        }
    }
}
