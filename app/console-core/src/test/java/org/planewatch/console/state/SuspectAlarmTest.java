package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.localize.ClosPaths;
import org.planewatch.console.state.localize.Incidents;
import org.planewatch.console.state.localize.Incidents.Incident;
import org.planewatch.console.state.localize.PathEvents.Path;
import org.planewatch.console.testing.ManualClock;

/**
 * The alarms that name a suspect (issue 19, item 2): the operator reads "plane 1: link ... suspected,
 * N hosts excluding paths through it" among the alarms while the endpoints' decisions point at it,
 * and the alarm clears when that evidence goes.
 */
class SuspectAlarmTest {
    private final ManualClock clock = new ManualClock(0);
    private final TelemetryStore store = new TelemetryStore(clock);
    private final Incidents incidents = new Incidents(new DecisionHistoryFeed(store));

    private FabricSnapshot at(long atMillis) {
        clock.advance(Duration.ofMillis(atMillis - clock.millis()));
        return store.publish(IngestStats.NONE);
    }

    /** Publishes as the incident's suspect is first named, then once it has been named long enough to raise. */
    private FabricSnapshot namedLongEnough(Incident incident) {
        FabricSnapshot first = at(Incidents.FAULT_MILLIS + 300);
        assertEquals(
                incident.culprit(),
                first.suspects().getFirst().name(),
                first.suspects().toString());
        return at(Incidents.FAULT_MILLIS + 300 + AlarmEngine.SUSPECT_RAISE_AFTER_MILLIS);
    }

    private static List<Alarm> suspectAlarms(List<Alarm> alarms) {
        return alarms.stream().filter(a -> a.kind() == Alarm.Kind.SUSPECT).toList();
    }

    @Test
    void aFailedLinkRaisesOneAlarmNamingItWithTheHostsExcludingPathsThroughIt() {
        Incident incident = incidents.singleLinkDown();
        // The NICs that retired a path through the link: the 4 hosts under its T0 (their uplink) and
        // the 12 elsewhere whose paths to those 4 come down through it.
        Set<String> hosts = incidents.events().through(1, incident.culprit()).stream()
                .map(Path::src)
                .map(ClosPaths::host)
                .collect(Collectors.toSet());

        FabricSnapshot snapshot = namedLongEnough(incident);

        List<Alarm> alarms = suspectAlarms(snapshot.activeAlarms());
        assertEquals(1, alarms.size(), snapshot.activeAlarms().toString());
        Alarm alarm = alarms.getFirst();
        assertEquals(
                "plane 1: link p1-t0-1~p1-t1-3 suspected, " + hosts.size() + " hosts excluding paths through it",
                alarm.message());
        assertEquals(16, hosts.size());
        assertEquals(incident.culprit(), alarm.subject(), "double-clicking the alarm opens the link");
        assertEquals(Alarm.Severity.MAJOR, alarm.severity());
    }

    @Test
    void aRebootedSwitchRaisesOneAlarmForTheSwitchNotOnePerLink() {
        Incident incident = incidents.switchReboot();

        List<Alarm> alarms = suspectAlarms(namedLongEnough(incident).activeAlarms());

        assertEquals(List.of("p0-t1-2"), alarms.stream().map(Alarm::subject).toList());
        assertTrue(
                alarms.getFirst().message().startsWith("plane 0: switch p0-t1-2 suspected, "),
                alarms.getFirst().message());
    }

    @Test
    void theSuspectAlarmClearsWhenThePathsThroughTheLinkComeBack() {
        Incident incident = incidents.singleLinkDown();
        FabricSnapshot raised = namedLongEnough(incident);
        assertEquals(1, suspectAlarms(raised.activeAlarms()).size());

        long healedAt = raised.atMillis() + 1_000;
        incidents
                .events()
                .through(1, incident.culprit())
                .forEach(p -> incidents.events().readmit(p, healedAt));
        // A long outage's retirements are taken back at re-admission (ADR 0095): the suspect goes at
        // once, and its alarm once it has been gone for the alarms' clear delay.
        FabricSnapshot healed = at(healedAt);
        assertTrue(healed.suspects().isEmpty(), healed.suspects().toString());
        long clearAfter = AlarmThresholds.defaults().clearAfter().toMillis();
        FabricSnapshot cleared = at(healedAt + clearAfter);

        assertEquals(List.of(), suspectAlarms(cleared.activeAlarms()));
        List<Alarm> history = suspectAlarms(cleared.recentAlarms());
        assertEquals(1, history.size(), cleared.recentAlarms().toString());
        assertEquals(incident.culprit(), history.getFirst().subject());
        assertEquals(healedAt + clearAfter, history.getFirst().clearedAtMillis());
    }

    @Test
    void aSuspectNamedForLessThanTheRaiseDelayRaisesNoAlarm() {
        Incident incident = incidents.singleLinkDown();
        for (long at = Incidents.FAULT_MILLIS + 300;
                at < Incidents.FAULT_MILLIS + 300 + AlarmEngine.SUSPECT_RAISE_AFTER_MILLIS;
                at += 500) {
            FabricSnapshot snapshot = at(at);
            assertEquals(incident.culprit(), snapshot.suspects().getFirst().name());
            assertEquals(List.of(), suspectAlarms(snapshot.activeAlarms()), "named at " + at);
        }
    }
}
