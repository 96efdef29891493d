package org.planewatch.console.viewmodel;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;

/**
 * Active and recent alarms, what each says now, the operator's acknowledgements and silences, and
 * the thresholds the operator edits.
 */
public final class AlarmsViewModel {
    /** The silences the view offers: enough for a known fault being worked on, short enough not to be forgotten. */
    public static final List<Duration> SILENCES = List.of(Duration.ofMinutes(15), Duration.ofHours(1));

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private final SnapshotSource source;
    private final ObservableList<Alarm> active = FXCollections.observableArrayList();
    private final ObservableList<Alarm> recent = FXCollections.observableArrayList();
    private final DoubleProperty minHealthPercent = new SimpleDoubleProperty();
    private final DoubleProperty maxTrimRateKpps = new SimpleDoubleProperty();
    private final IntegerProperty maxLinksDown = new SimpleIntegerProperty();
    private final ReadOnlyStringWrapper thresholdMessage = new ReadOnlyStringWrapper("");
    private List<Alarm> lastActive = List.of();
    private List<Alarm> lastRecent = List.of();

    AlarmsViewModel(SnapshotSource source) {
        this.source = source;
        revertThresholds();
    }

    public ObservableList<Alarm> active() {
        return active;
    }

    public ObservableList<Alarm> recent() {
        return recent;
    }

    public DoubleProperty minHealthPercentProperty() {
        return minHealthPercent;
    }

    public DoubleProperty maxTrimRateKppsProperty() {
        return maxTrimRateKpps;
    }

    public IntegerProperty maxLinksDownProperty() {
        return maxLinksDown;
    }

    public ReadOnlyStringProperty thresholdMessageProperty() {
        return thresholdMessage.getReadOnlyProperty();
    }

    /** Whether alarms can be acknowledged here (live; a replay shows them as recorded). */
    public boolean canAcknowledge() {
        return source.acknowledgesAlarms();
    }

    /** Acknowledges the alarm and silences its notifications for {@code silence} (zero: acknowledge only). */
    public void acknowledge(Alarm alarm, Duration silence) {
        source.acknowledge(alarm, silence);
    }

    /**
     * "ACTIVE", "CLEARING since 04:03:12", "CLEARED at 04:03:14" (when its condition went away), and
     * whether it is acknowledged and silenced at {@code nowMillis}.
     */
    public static String stateText(Alarm alarm, long nowMillis) {
        String state = switch (alarm.status()) {
            case ACTIVE -> "ACTIVE";
            case CLEARING -> "CLEARING since " + time(alarm.goneSinceMillis());
            case CLEARED -> "CLEARED";
        };
        if (alarm.silencedAt(nowMillis)) {
            state += ", silenced until " + time(alarm.silencedUntilMillis());
        } else if (alarm.acknowledged()) {
            state += ", acknowledged " + time(alarm.acknowledgedAtMillis());
        }
        return state;
    }

    /**
     * While the condition holds, its figures; once it is gone, what the subject reads now first and
     * the old figures marked as past, so "path health 90.3 %" never stands beside a 100 % tile as if current.
     */
    public static String messageText(Alarm alarm) {
        return alarm.status() == Alarm.Status.ACTIVE
                ? alarm.message()
                : "now " + alarm.now() + " (was: " + alarm.message() + ")";
    }

    /** "15 min", "1 h". */
    public static String silenceText(Duration silence) {
        return silence.toMinutes() < 60 ? silence.toMinutes() + " min" : silence.toHours() + " h";
    }

    private static String time(long millis) {
        return TIME.format(Instant.ofEpochMilli(millis));
    }

    /** Alarms raised since the previous snapshot and not silenced, for notifications. */
    List<Alarm> update(FabricSnapshot snapshot) {
        List<Alarm> raised = List.of();
        if (snapshot.activeAlarms() != lastActive) {
            Set<String> known = new HashSet<>();
            lastActive.forEach(a -> known.add(a.key()));
            raised = snapshot.activeAlarms().stream()
                    .filter(a -> !known.contains(a.key()) && !a.silencedAt(snapshot.atMillis()))
                    .toList();
            active.setAll(snapshot.activeAlarms());
            lastActive = snapshot.activeAlarms();
        }
        if (snapshot.recentAlarms() != lastRecent) {
            recent.setAll(snapshot.recentAlarms());
            lastRecent = snapshot.recentAlarms();
        }
        return raised;
    }

    /** Validates and applies the edited thresholds; returns the error, if any. */
    public Optional<String> applyThresholds() {
        try {
            AlarmThresholds updated = source.thresholds()
                    .withMinPlaneHealth(minHealthPercent.get() / 100)
                    .withMaxPlaneTrimRate(maxTrimRateKpps.get() * 1000)
                    .withMaxLinksDown(maxLinksDown.get());
            source.setThresholds(updated);
            thresholdMessage.set("Thresholds applied.");
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            thresholdMessage.set(e.getMessage());
            return Optional.of(e.getMessage());
        }
    }

    public void revertThresholds() {
        AlarmThresholds current = source.thresholds();
        minHealthPercent.set(current.minPlaneHealth() * 100);
        maxTrimRateKpps.set(current.maxPlaneTrimRate() / 1000);
        maxLinksDown.set(current.maxLinksDown());
    }
}
