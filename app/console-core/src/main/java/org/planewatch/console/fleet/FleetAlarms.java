package org.planewatch.console.fleet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.DeviceName;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.RollupJson;

/**
 * The fleet's alarms as the records of the alarms topic raise and clear them, for a recording (ADR
 * 0106): a key that appears, or comes with another raise time, is a raise at its record's raise time
 * (the previous one, if any, cleared); a tombstone clears at its arrival. And the devices the alarms
 * are about, whose raw updates the recording keeps. Not thread-safe.
 */
final class FleetAlarms {
    private final Map<String, Alarm> active = new LinkedHashMap<>();

    /**
     * The raises and clearings {@code record} makes, arrived at {@code now}, in that order.
     *
     * @throws IllegalArgumentException a value that is not an alarm record
     */
    List<Alarm> take(IngestEvent.Rollup record, long now) {
        Alarm after = record.tombstone()
                ? null
                : FleetState.toAlarm(RollupJson.decode(record.value(), AlarmRollup.class))
                        .orElse(null);
        Alarm before = active.get(record.key());
        List<Alarm> changes = new ArrayList<>(2);
        boolean raisedAgain = after != null && before != null && after.raisedAtMillis() != before.raisedAtMillis();
        if (before != null && (after == null || raisedAgain)) {
            changes.add(cleared(before, now));
            active.remove(record.key());
        }
        if (after != null) {
            if (before == null || raisedAgain) {
                changes.add(after);
            }
            active.put(record.key(), after);
        }
        return changes;
    }

    /** The devices the active alarms are about: both ends of a link, a switch; none for a whole plane. */
    Set<String> devices() {
        Set<String> devices = new TreeSet<>();
        for (Alarm alarm : active.values()) {
            boolean aboutAnElement = alarm.kind() == Alarm.Kind.LINKS_DOWN || alarm.kind() == Alarm.Kind.SUSPECT;
            if (aboutAnElement && !alarm.subject().startsWith("plane ")) {
                List<String> ends = DeviceName.ends(alarm.subject());
                devices.addAll(ends.isEmpty() ? List.of(alarm.subject()) : ends);
            }
        }
        return devices;
    }

    /** {@code alarm}, cleared at {@code at}. */
    static Alarm cleared(Alarm alarm, long at) {
        return new Alarm(
                alarm.key(),
                alarm.kind(),
                alarm.subject(),
                alarm.severity(),
                alarm.message(),
                alarm.raisedAtMillis(),
                at);
    }
}
