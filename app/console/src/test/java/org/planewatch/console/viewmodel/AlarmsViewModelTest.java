package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;

/** What the alarm lists say about an alarm whose condition went away, and which alarms notify. */
class AlarmsViewModelTest {
    private static final long T = 1_800_000_000_000L;
    private static final String WAS = "Plane 2 path health 90.3% (threshold 97.0%): 766 EVs out of service";

    private static String time(long millis) {
        return DateTimeFormatter.ofPattern("HH:mm:ss")
                .withZone(ZoneId.systemDefault())
                .format(Instant.ofEpochMilli(millis));
    }

    private static Alarm alarm(String key, long goneSince, long cleared, long acked, long silencedUntil) {
        return new Alarm(
                key,
                Alarm.Kind.PLANE_HEALTH,
                "plane 2",
                Alarm.Severity.MAJOR,
                WAS,
                T,
                cleared,
                goneSince,
                goneSince == 0 ? "" : "path health 100.0%, 0 EVs out of service",
                acked,
                silencedUntil);
    }

    @Test
    void anAlarmWhoseConditionWentAwaySaysClearingWithTheCurrentFigureFirstAndTheOldOnesAsPast() {
        Alarm clearing = alarm("health/2", T + 60_000, 0, 0, 0);
        assertEquals("CLEARING since " + time(T + 60_000), AlarmsViewModel.stateText(clearing, T + 61_000));
        assertEquals(
                "now path health 100.0%, 0 EVs out of service (was: " + WAS + ")",
                AlarmsViewModel.messageText(clearing));
        Alarm cleared = alarm("health/2", T + 60_000, T + 62_000, 0, 0);
        assertEquals("CLEARED", AlarmsViewModel.stateText(cleared, T + 70_000));
        assertTrue(AlarmsViewModel.messageText(cleared).startsWith("now path health 100.0%"));
        Alarm holding = alarm("health/2", 0, 0, 0, 0);
        assertEquals("ACTIVE", AlarmsViewModel.stateText(holding, T));
        assertEquals(WAS, AlarmsViewModel.messageText(holding));
    }

    @Test
    void anAcknowledgedAlarmSaysSoAndASilencedOneUntilWhen() {
        long until = T + Duration.ofMinutes(15).toMillis();
        assertEquals(
                "ACTIVE, silenced until " + time(until),
                AlarmsViewModel.stateText(alarm("health/2", 0, 0, T, until), T + 1_000));
        assertEquals(
                "ACTIVE, acknowledged " + time(T), AlarmsViewModel.stateText(alarm("health/2", 0, 0, T, until), until));
        assertEquals(
                List.of("15 min", "1 h"),
                AlarmsViewModel.SILENCES.stream()
                        .map(AlarmsViewModel::silenceText)
                        .toList());
    }

    @Test
    void aSilencedAlarmRaisesNoNotification() {
        AlarmsViewModel model = new AlarmsViewModel(new SnapshotSource() {
            @Override
            public FabricSnapshot latest() {
                return FabricSnapshot.empty();
            }

            @Override
            public AlarmThresholds thresholds() {
                return AlarmThresholds.defaults();
            }

            @Override
            public void setThresholds(AlarmThresholds thresholds) {}
        });
        Alarm silenced = alarm("health/2", 0, 0, 0, T + 60_000);
        Alarm loud = alarm("links/2", 0, 0, 0, 0);
        List<Alarm> raised = model.update(snapshot(T + 1_000, List.of(silenced, loud)));
        assertEquals(List.of(loud), raised);
        assertEquals(2, model.active().size(), "a silenced alarm stays listed");
        assertFalse(model.canAcknowledge(), "this source keeps no acknowledgements");
    }

    private static FabricSnapshot snapshot(long at, List<Alarm> active) {
        return TestSnapshots.of(at, List.of(), List.of(), active);
    }
}
