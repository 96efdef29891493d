package org.planewatch.console.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.planewatch.console.record.RecordingReader.AckMark;
import org.planewatch.console.record.RecordingReader.AlarmMark;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;

/**
 * Turns the alarm lists of successive snapshots into the raises and clearings a recording stores,
 * each exactly once. An alarm is one (key, raise time); one raised and cleared between two
 * snapshots still shows up, because cleared alarms stay in the snapshot's recent history.
 * Used by one thread (the state owner, or the headless recorder's loop).
 */
public final class AlarmJournal {
    private final long sinceMillis;
    private Set<String> raised = new HashSet<>();
    private Set<String> cleared = new HashSet<>();
    private List<Alarm> lastActive = List.of();
    private List<Alarm> lastRecent = List.of();
    private List<Alarm> lastAcknowledged = List.of();
    /** Acknowledgements already journalled, as alarm id and acknowledgement time: no bigger than the active list. */
    private Set<String> acknowledged = new HashSet<>();

    /** @param sinceMillis alarms cleared before this (the start of the recording) are not part of it */
    public AlarmJournal(long sinceMillis) {
        this.sinceMillis = sinceMillis;
    }

    /** The changes since the previous snapshot: raises first, then clearings, oldest first. */
    public List<AlarmMark> changes(FabricSnapshot snapshot) {
        if (snapshot.activeAlarms() == lastActive && snapshot.recentAlarms() == lastRecent) {
            return List.of();
        }
        lastActive = snapshot.activeAlarms();
        lastRecent = snapshot.recentAlarms();
        List<AlarmMark> changes = new ArrayList<>();
        Set<String> nowActive = new HashSet<>();
        for (Alarm alarm : snapshot.activeAlarms()) {
            String id = id(alarm);
            nowActive.add(id);
            if (!raised.contains(id)) {
                changes.add(mark(alarm, null));
            }
        }
        Set<String> nowCleared = new HashSet<>();
        // Recent history is newest first; record the clearings in the order they happened.
        for (Alarm alarm : snapshot.recentAlarms().reversed()) {
            String id = id(alarm);
            nowCleared.add(id);
            if (!cleared.contains(id) && alarm.clearedAtMillis() >= sinceMillis) {
                changes.add(mark(alarm, alarm.clearedAtMillis()));
            }
        }
        // Only what the snapshot still lists can come back: both sets stay as small as the lists.
        raised = nowActive;
        cleared = nowCleared;
        changes.sort(Comparator.comparingLong(AlarmJournal::changedAt));
        return changes;
    }

    /**
     * The acknowledgements since the previous snapshot, each exactly once (an alarm acknowledged
     * again, to silence it for longer, is another).
     */
    public List<AckMark> acknowledgements(FabricSnapshot snapshot) {
        if (snapshot.activeAlarms() == lastAcknowledged) {
            return List.of();
        }
        lastAcknowledged = snapshot.activeAlarms();
        List<AckMark> acks = new ArrayList<>();
        Set<String> now = new HashSet<>();
        for (Alarm alarm : snapshot.activeAlarms()) {
            if (!alarm.acknowledged()) {
                continue;
            }
            String id = id(alarm) + "/" + alarm.acknowledgedAtMillis();
            now.add(id);
            if (!acknowledged.contains(id) && alarm.acknowledgedAtMillis() >= sinceMillis) {
                acks.add(new AckMark(
                        alarm.raisedAtMillis(),
                        alarm.kind().name(),
                        alarm.subject(),
                        alarm.acknowledgedAtMillis(),
                        alarm.silencedUntilMillis() > alarm.acknowledgedAtMillis()
                                ? alarm.silencedUntilMillis()
                                : null));
            }
        }
        acknowledged = now;
        acks.sort(Comparator.comparingLong(AckMark::ackedMillis));
        return acks;
    }

    private static long changedAt(AlarmMark mark) {
        return mark.clearedMillis() == null ? mark.raisedMillis() : mark.clearedMillis();
    }

    private static String id(Alarm alarm) {
        return alarm.key() + "@" + alarm.raisedAtMillis();
    }

    private static AlarmMark mark(Alarm alarm, Long clearedMillis) {
        return new AlarmMark(
                alarm.raisedAtMillis(),
                clearedMillis,
                alarm.kind().name(),
                alarm.subject(),
                alarm.severity().name(),
                alarm.message());
    }
}
