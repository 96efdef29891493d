package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.PlaneRollup;

class RollupAlarmsTest {

    private static PlaneRollup plane0(double pathHealth, long evsOut, long atMillis) {
        return new PlaneRollup(
                0, atMillis, 16, 8, pathHealth, 1_000 - evsOut, evsOut, 1e11, 0.0, 0.0, 0, 32, 0.5, 0.6, 0, 0, 0);
    }

    @Test
    void anAlarmWhoseFiguresChangeIsWrittenAgainWithItsFirstRaisedTime() {
        RollupAlarms alarms = new RollupAlarms(AlarmThresholds.defaults());
        List<RollupOutput> raised = alarms.judge(List.of(plane0(0.95, 50, 1_000)), List.of(), List.of(), 1_000);
        assertEquals(1, raised.size(), raised.toString());
        AlarmRollup first = (AlarmRollup) raised.getFirst().value();
        assertTrue(first.message().contains("95.0%"), first.message());

        List<RollupOutput> same = alarms.judge(List.of(plane0(0.95, 50, 2_000)), List.of(), List.of(), 2_000);
        assertEquals(List.of(), same, "unchanged figures are not written again");

        List<RollupOutput> worse = alarms.judge(List.of(plane0(0.94, 60, 3_000)), List.of(), List.of(), 3_000);
        assertEquals(1, worse.size(), "the alarm with its new figures: " + worse);
        AlarmRollup updated = (AlarmRollup) worse.getFirst().value();
        assertEquals(first.key(), updated.key());
        assertEquals(first.severity(), updated.severity(), "the same severity: only the figures moved");
        assertTrue(updated.message().contains("94.0%") && updated.message().contains("60 EVs"), updated.message());
        assertEquals(1_000, updated.raisedAtMillis(), "still raised when it was first raised");
    }
}
