package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A hand-out too big to forward at once leaves in slices of bounded work, in the order it was made
 * (ADR 0156): its plane sums, first, with the first slice.
 */
class HandOutQueueTest {
    @Test
    void aHandOutIsForwardedInItsOrderInSlicesThatStopOnceTheirBudgetIsSpent() {
        AtomicLong clock = new AtomicLong();
        HandOutQueue queue = new HandOutQueue(clock::get);
        List<PerDeviceOutput> handOut = new ArrayList<>();
        handOut.add(PlaneInput.of(new PlanePartial("0_1", 3, 1, 0, 7, 0, null, null, null)));
        for (int i = 0; i < 2_499; i++) {
            handOut.add(FleetRole.host("host-" + i));
        }
        queue.addAll(handOut);
        List<PerDeviceOutput> forwarded = new ArrayList<>();

        long spent = queue.forwardFor(500, output -> {
            forwarded.add(output);
            clock.incrementAndGet(); // 1 ns of work each
        });
        assertEquals(1_000, spent, "the clock is looked at after each thousand: the first look ends the slice");
        assertEquals(handOut.subList(0, 1_000), forwarded, "the plane sum first, then in order");
        assertEquals(1_500, queue.size());

        queue.forwardFor(2_000, output -> {
            forwarded.add(output);
            clock.incrementAndGet();
        });
        assertEquals(handOut, forwarded, "the rest within a budget big enough");
        assertTrue(queue.isEmpty());
    }
}
