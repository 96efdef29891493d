package org.planewatch.console.viewmodel;

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

/** Active and recent alarms, and the thresholds the operator edits. */
public final class AlarmsViewModel {
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

    /** Alarms raised since the previous snapshot, for notifications. */
    List<Alarm> update(FabricSnapshot snapshot) {
        List<Alarm> raised = List.of();
        if (snapshot.activeAlarms() != lastActive) {
            Set<String> known = new HashSet<>();
            lastActive.forEach(a -> known.add(a.key()));
            raised = snapshot.activeAlarms().stream()
                    .filter(a -> !known.contains(a.key()))
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
