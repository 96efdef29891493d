package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * ADR 0147: under suppress_redundant an agent sends a counter that stopped once more unchanged and
 * then holds it back. The model tells whoever watches which counters stood still and which moved
 * again, so that a rollup task can keep a still counter's value for a reader that joins later; that
 * reader, given the kept value, shows the counter's rate as zero instead of none.
 */
class CounterTurnsTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private static final String OUT_OCTETS = "/interfaces/interface[name=host-7]/state/counters/out-octets";
    private static final String OUT_DISCARDS = "/interfaces/interface[name=host-7]/state/counters/out-discards";

    private final ManualClock clock = new ManualClock(1_000_000);
    private final TelemetryStore store = new TelemetryStore(clock);
    private final List<String> turns = new ArrayList<>();

    private void sample(long second, long outOctets) {
        Notifications n = Notifications.of("p0-t0-1", second * SECOND_NS)
                .text("/interfaces/interface[name=host-7]/state/oper-status", "UP")
                .uint(OUT_OCTETS, outOctets)
                .uint(OUT_DISCARDS, 3);
        store.apply(List.of(NotificationDecoderAccess.decode("agent", n.build(), clock.millis())));
    }

    @Test
    void aCounterIsToldOnceWhenItStandsStillAndOnceWhenItMovesAgain() {
        store.watchCounterTurns((counter, value, still) ->
                turns.add(counter.last().name() + (still ? " still at " : " moved to ") + value));
        sample(1, 100);
        sample(2, 500);
        assertEquals(List.of("out-discards still at 3"), turns, "a counter moving is no turn; one standing still is");
        sample(3, 500);
        sample(4, 500);
        sample(5, 900);
        sample(6, 1300);
        assertEquals(
                List.of("out-discards still at 3", "out-octets still at 500", "out-octets moved to 900"),
                turns,
                "a counter still twice in a row is told once, and so is its moving again");
    }

    @Test
    void aCounterSentAgainUnchangedAtTheSameInstantStandsStill() {
        // A simulated device publishes a host again at the same simulated instant when it has new
        // exclusion decisions: the agent's one repeat of a stopped counter may come at that instant.
        store.watchCounterTurns((counter, value, still) ->
                turns.add(counter.last().name() + (still ? " still at " : " moved to ") + value));
        sample(1, 100);
        sample(2, 500);
        turns.clear();
        sample(2, 500);
        assertEquals(List.of("out-octets still at 500"), turns);
    }

    @Test
    void aReaderGivenAStillCountersKeptValueShowsItsRateAsZero() {
        List<RememberedLeaves.Turn> kept = new ArrayList<>();
        store.watchCounterTurns((counter, value, still) -> kept.add(new RememberedLeaves.Turn(counter, value, still)));
        sample(1, 500);
        sample(2, 500);
        byte[] record = RememberedLeaves.merge(
                null, new IngestEvent.Notification("agent", "p0-t0-1", 0, List.of(), List.of(), 0), kept);

        TelemetryStore joinedLater = new TelemetryStore(clock);
        joinedLater.apply(RememberedLeaves.replay(record, "remembered", "p0-t0-1", clock.millis()));
        PortSummary port = joinedLater.publish(IngestStats.NONE).switchNamed("p0-t0-1").orElseThrow().ports().stream()
                .filter(p -> p.name().equals("host-7"))
                .findFirst()
                .orElseThrow();
        assertEquals(0.0, port.outBps(), "a counter kept while still has a rate of zero, not none");
        assertEquals(500, port.outOctets());
    }
}
