package org.planewatch.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An event scheduled later with a reserved sequence number leaves where it would have if scheduled at reservation. */
class ReservedSequenceTest {

    @Test
    void aReservedEventScheduledLaterLeavesBeforeEqualTimesScheduledAfterTheReservation() {
        Engine engine = new Engine();
        engine.addDelayLane(1_000);
        List<Integer> order = new ArrayList<>();
        engine.register(EventKind.FAULT, (target, arg) -> order.add(target));
        long reserved = engine.reserveSequences(2);
        engine.schedule(1_000, EventKind.FAULT, 10, 0); // a delay-lane event
        engine.schedule(1_000, EventKind.FAULT, 11, 0);
        engine.schedule(500, EventKind.FAULT, 12, 0);
        engine.scheduleReserved(1_000, EventKind.FAULT, 1, 0, reserved + 1);
        engine.scheduleReserved(1_000, EventKind.FAULT, 0, 0, reserved);

        engine.runUntil(2_000);

        assertEquals(List.of(12, 0, 1, 10, 11), order);
    }

    @Test
    void aSequenceNotReservedIsRefused() {
        Engine engine = new Engine();
        long reserved = engine.reserveSequences(1);
        assertThrows(
                IllegalArgumentException.class, () -> engine.scheduleReserved(10, EventKind.FAULT, 0, 0, reserved + 1));
    }
}
