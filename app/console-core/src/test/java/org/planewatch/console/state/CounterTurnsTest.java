package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
import org.planewatch.telemetry.path.TelemetryPath;

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
    /** A port whose counter moves at every sample: what carries the device's samples while host-7's are held back. */
    private static final String BUSY_OCTETS = "/interfaces/interface[name=host-8]/state/counters/out-octets";

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
        assertEquals(
                List.of("out-discards still at 3", "out-octets still at 500"),
                turns,
                "a counter still twice in a row is told once; its moving again not yet (ADR 0149)");
        sample(6, 1300);
        sample(7, 1700);
        assertEquals(
                List.of("out-discards still at 3", "out-octets still at 500", "out-octets moved to 1300"),
                turns,
                "a counter that moved again is told once, at the sample after it moved");
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

    /**
     * A sample as an agent under suppress_redundant sends it (ADR 0124): host-7's out-octets only when
     * {@code outOctets} is not null (moving, or its one repeat after it stopped), host-8's every time.
     */
    private static IngestEvent.Notification heldBackSample(long second, Long outOctets) {
        Notifications n = Notifications.of("p0-t0-1", second * SECOND_NS).uint(BUSY_OCTETS, second * 1_000);
        if (outOctets != null) {
            n.uint(OUT_OCTETS, outOctets);
        }
        return NotificationDecoderAccess.decode("agent", n.build(), 1_000_000);
    }

    private static PortSummary host7(TelemetryStore store) {
        return store.publish(IngestStats.NONE).switchNamed("p0-t0-1").orElseThrow().ports().stream()
                .filter(p -> p.name().equals("host-7"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aCounterHeldBackWhileStillIsRatedFromTheSampleBeforeItMovedAgain() {
        store.apply(List.of(heldBackSample(1, 100L)));
        store.apply(List.of(heldBackSample(2, 500L)));
        store.apply(List.of(heldBackSample(3, 500L))); // the agent's one repeat; held back from now on
        for (long second = 4; second <= 9; second++) {
            store.apply(List.of(heldBackSample(second, null)));
        }
        store.apply(List.of(heldBackSample(10, 1_500L)));

        // 1,000 octets moved between the samples of seconds 9 and 10; seven seconds since it was last
        // sent would make 143 octets a second (1,143 bit/s) instead.
        assertEquals(8_000.0, host7(store).outBps(), 1e-6, "the rate of the move, over the one interval it moved in");
    }

    @Test
    void aLeafSentOnChangeBetweenTwoSamplesDoesNotShortenTheIntervalAStillCounterIsRatedOver() {
        store.apply(List.of(heldBackSample(1, 100L)));
        store.apply(List.of(heldBackSample(2, 500L)));
        store.apply(List.of(heldBackSample(3, 500L)));
        store.apply(List.of(heldBackSample(4, null)));
        // A real device stamps a change with its own time: half a second before the next sample.
        Notifications change = Notifications.of("p0-t0-1", 4 * SECOND_NS + SECOND_NS / 2)
                .text("/interfaces/interface[name=host-7]/state/oper-status", "UP");
        store.apply(List.of(NotificationDecoderAccess.decode("agent", change.build(), clock.millis())));
        store.apply(List.of(heldBackSample(5, 1_500L)));

        assertEquals(8_000.0, host7(store).outBps(), 1e-6, "over the second from the sample of 4 s, not half of it");
    }

    @Test
    void aReaderThatJoinsJustAfterAStillCounterMovedRatesTheMoveAtOnce() {
        // The per-device stage's part (ADR 0147): the record of the device, merged at each notification.
        List<RememberedLeaves.Turn> turnsOfOne = new ArrayList<>();
        store.watchCounterTurns(
                (counter, value, still) -> turnsOfOne.add(new RememberedLeaves.Turn(counter, value, still)));
        byte[][] record = {null};
        List<IngestEvent.Notification> sent = new ArrayList<>();
        Long[] host7 = {100L, 500L, 500L, null, null, null, null, 1_500L, 2_500L};
        for (int i = 0; i < host7.length; i++) {
            IngestEvent.Notification sample = heldBackSample(i + 1, host7[i]);
            sent.add(sample);
            store.apply(List.of(sample));
            byte[] merged = RememberedLeaves.merge(record[0], sample, turnsOfOne);
            turnsOfOne.clear();
            if (merged != null) {
                record[0] = merged;
            }
            if (i + 1 == 8) {
                // A console drills in after the move at second 8: it reads the record, then the samples
                // of its look-back (seconds 6 to 8), on a time base of its own.
                TelemetryStore joinedLater =
                        new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 1_024, true);
                joinedLater.apply(RememberedLeaves.replay(record[0], "remembered", "p0-t0-1", clock.millis()));
                joinedLater.apply(sent.subList(5, 8));
                assertEquals(8_000.0, host7(joinedLater).outBps(), 1e-6, "the move's rate from the first sample read");
                assertEquals(1_500, host7(joinedLater).outOctets());
            }
        }
        TelemetryPath octets = TelemetryPath.parse(OUT_OCTETS);
        boolean kept = record[0] != null
                && record[0].length > 0
                && RememberedLeaves.replay(record[0], "remembered", "p0-t0-1", 0).stream()
                        .flatMap(n -> n.updates().stream())
                        .anyMatch(u -> u.path().equals(octets));
        assertFalse(kept, "moved on at the sample after, the still value is let go");
    }
}
