package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A task hands out its changes at every tick while that is cheap, and spends at most a tenth of its time on it when not. */
class HandOutPacingTest {
    private static final long MS = 1_000_000;
    private final HandOutPacing pacing = new HandOutPacing();

    /** A pacing whose task has handed out once already: its first hand-out sets no pace. */
    private static HandOutPacing afterAFirstHandOut(HandOutPacing pacing) {
        pacing.handedOut(0, 0);
        return pacing;
    }

    @Test
    void cheapHandOutsAreDueAtEveryTickEvenATickThatCameEarlyAfterALateOne() {
        assertTrue(pacing.due(1_000));
        pacing.handedOut(1_050, 20 * MS); // a late tick, a cheap hand-out
        assertTrue(pacing.due(2_000), "the next tick, however close to the late one");
        pacing.handedOut(2_000, 100 * MS); // ten times 100 ms is the period: still every tick
        assertTrue(pacing.due(3_000));
    }

    @Test
    void aSlowHandOutPutsTheNextOffToTenTimesItsCostThenTheTicksResume() {
        afterAFirstHandOut(pacing).handedOut(10_000, 400 * MS);
        assertFalse(pacing.due(11_000));
        assertFalse(pacing.due(13_999));
        assertTrue(pacing.due(14_000), "four seconds after a 400 ms hand-out began");
        pacing.handedOut(14_000, 30 * MS);
        assertTrue(pacing.due(15_000), "cheap again: at the next tick");
    }

    @Test
    void tasksSharingAThreadShareItsTenthTheirPacingGrowingAsTasksCome() {
        int[] tasks = {6};
        HandOutPacing shared = afterAFirstHandOut(new HandOutPacing(() -> tasks[0]));
        shared.handedOut(1_000, 20 * MS); // 20 ms x 10 x 6 = 1.2 s: past the period
        assertFalse(shared.due(2_000));
        assertTrue(shared.due(2_200));
        tasks[0] = 2;
        shared.handedOut(3_000, 20 * MS); // 400 ms: within the period again
        assertTrue(shared.due(4_000), "fewer tasks on the thread: at the next tick");
    }

    @Test
    void aTasksFirstHandOutEverythingItHoldsSetsNoPaceTheOnesAfterDo() {
        HandOutPacing restarted = new HandOutPacing(() -> 6);
        restarted.handedOut(1_000, 15_000 * MS); // a restarted task's first: its whole partition
        assertTrue(restarted.due(17_000), "the next tick after the first hand-out, however long it took");
        restarted.handedOut(17_000, 500 * MS); // 500 ms x 10 x 6 = 30 s
        assertFalse(restarted.due(46_999));
        assertTrue(restarted.due(47_000), "a later slow hand-out paces the next");
    }
}
