package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.localize.ClosPaths;
import org.planewatch.console.state.localize.Incidents;
import org.planewatch.console.state.localize.Incidents.Incident;
import org.planewatch.console.state.localize.PathDecision;
import org.planewatch.console.state.localize.PathEvents;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * The store's suspects (ADR 0095), fed as a store is fed: a recording's decision history, or the
 * agents' notifications. Each of the first four is a finding on the "By link" grouping it replaced
 * (removed since), whose first group failed the same assertion: it counted every link of every
 * excluded path, never looked at paths that came back, nor at when, and kept only the newest 20,000
 * decisions.
 */
class SuspectRankingTest {
    private final ManualClock clock = new ManualClock(0);
    private final TelemetryStore store = new TelemetryStore(clock);
    private final DecisionHistoryFeed history = new DecisionHistoryFeed(store);

    /** Feeds a decision as a replay's seek does: straight from the recording's decision history. */
    private void fromHistory(PathDecision d) {
        history.accept(d);
    }

    private List<Suspect> suspectsAt(long atMillis) {
        clock.advance(Duration.ofMillis(atMillis - clock.millis()));
        return store.publish(IngestStats.NONE).suspects();
    }

    private static List<String> names(List<Suspect> suspects) {
        return suspects.stream().map(Suspect::name).toList();
    }

    @Test
    void innocentHostLinksAndDownlinksOfTheFailedPathsAreNotSuspected() {
        Incident incident = new Incidents(this::fromHistory).singleLinkDown();
        List<Suspect> suspects = suspectsAt(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
    }

    @Test
    void pathsThatCameBackGoodClearTheLinksTheyCross() {
        Incident incident = new Incidents(this::fromHistory).clearedByGoodPaths(true);
        List<Suspect> suspects = suspectsAt(incident.lookAtMillis());
        assertEquals(incident.culprit(), suspects.getFirst().name(), suspects.toString());
    }

    @Test
    void aLinkDownNowRanksAboveALinkThatHealed() {
        Incident incident = new Incidents(this::fromHistory).healedThenAnotherDown();
        List<Suspect> suspects = suspectsAt(incident.lookAtMillis());
        assertEquals(incident.culprit(), suspects.getFirst().name(), suspects.toString());
        assertFalse(names(suspects).contains(Incidents.healedLink()), suspects.toString());
    }

    @Test
    void aLinkStillDownStaysSuspectedAfterMoreThanTwentyThousandLaterDecisions() {
        Incidents incidents = new Incidents(this::fromHistory);
        Incident incident = incidents.singleLinkDown();
        // 25,000 blips elsewhere in the next 50 s: more than the decision history keeps.
        new PathEvents(Incidents.FABRIC, this::fromHistory)
                .background(new Random(3), 1, 500, incident.lookAtMillis(), 50_000);
        List<Suspect> suspects = suspectsAt(incident.lookAtMillis() + 50_000);
        assertEquals(incident.culprit(), suspects.getFirst().name(), suspects.toString());
    }

    @Test
    void liveNotificationsAndAReplayedHistoryGiveTheSameSuspects() {
        List<PathDecision> decisions = new ArrayList<>();
        Incident incident = new Incidents(decisions::add).switchReboot();
        ManualClock liveClock = new ManualClock(0);
        TelemetryStore live = new TelemetryStore(liveClock);
        Map<String, Long> liveSeq = new HashMap<>();
        Consumer<PathDecision> notify = d -> {
            long seq = liveSeq.merge(d.host(), 1L, Long::sum);
            String base = "mrc:/events/event[seq=" + seq + "]/state";
            Notifications n = Notifications.of(d.host(), d.timestampNs())
                    .uint(base + "/timestamp", d.timestampNs())
                    .uint(base + "/qpn", d.qpn())
                    .uint(base + "/ev", d.ev())
                    .uint(base + "/plane", d.plane())
                    .text(base + "/links", String.join(",", d.links()))
                    .text(base + "/from-state", d.fromState())
                    .text(base + "/to-state", d.toState())
                    .text(base + "/reason", "loss-timer");
            live.apply(List.of(NotificationDecoderAccess.decode(d.source(), n.build(), d.arrivalMillis())));
        };
        decisions.forEach(notify);
        decisions.forEach(this::fromHistory);
        liveClock.advance(Duration.ofMillis(incident.lookAtMillis()));
        List<Suspect> fromLive = live.publish(IngestStats.NONE).suspects();
        List<Suspect> replayed = suspectsAt(incident.lookAtMillis());
        assertEquals(fromLive, replayed);
        assertEquals(List.of(ClosPaths.t1(0, 2)), names(replayed));
        assertTrue(replayed.getFirst().score() > 100, replayed.toString());
    }
}
