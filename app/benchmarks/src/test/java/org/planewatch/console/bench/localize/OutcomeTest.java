package org.planewatch.console.bench.localize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark's accounting on samples written out by hand: what counts as a hit, a false suspect, a delay. */
class OutcomeTest {
    private static final String LINK = "p1-t0-2~p1-t1-3";
    private static final String OTHER = "p3-t0-0~p3-t1-1";

    private static Incident incident(FaultKind kind, List<String> culprits) {
        return new Incident(1, kind, BenchFabric.TINY, culprits, List.of(), 1_000, 6_000, 7);
    }

    @Test
    void theDelayRunsFromTheFaultToTheFirstSampleThatRanksTheCulpritFirst() {
        Outcome o = Outcome.judge(
                incident(FaultKind.LINK_DOWN, List.of(LINK)),
                List.of(
                        new Sample(500, List.of("p0-t1-0")), // before the fault: not judged
                        new Sample(1_200, List.of()),
                        new Sample(1_700, List.of("p1-t0-2", LINK)),
                        new Sample(2_300, List.of(LINK, "p1-t0-2")),
                        new Sample(5_900, List.of(LINK))),
                1);
        assertTrue(o.top1());
        assertTrue(o.top3());
        assertEquals(LINK, o.top());
        assertEquals(1_300, o.toTopUs());
        assertEquals(1.3, o.toTopDemoSeconds(), 1e-9);
        assertEquals(0, o.falseAtEnd(), "the judged ranking is the last one");
        assertEquals(1, o.falseDuring(), "the switch ranked as the fault began; the one before it is not counted");
        assertEquals(4, o.samples());
    }

    @Test
    void aCulpritSecondIsATopThreeHitOnlyAndTheOneAboveItAFalseSuspect() {
        Outcome o = Outcome.judge(
                incident(FaultKind.GRAY_5, List.of(LINK)),
                List.of(new Sample(5_900, List.of(OTHER, LINK, "p0-t1-1", "p0-t1-2"))),
                1);
        assertFalse(o.top1());
        assertTrue(o.top3());
        assertEquals(3, o.falseAtEnd());
        assertEquals(-1, o.toTopUs());
    }

    @Test
    void twoFailuresAreAHitWhenBothLeadInEitherOrder() {
        Incident two = incident(FaultKind.TWO_PLANES, List.of(LINK, OTHER));
        assertTrue(Outcome.judge(two, List.of(new Sample(5_000, List.of(OTHER, LINK))), 1)
                .top1());
        Outcome oneOfThem = Outcome.judge(two, List.of(new Sample(5_000, List.of(OTHER, "p0-t1-1", LINK))), 1);
        assertFalse(oneOfThem.top1());
        assertTrue(oneOfThem.top3());
        assertFalse(Outcome.judge(two, List.of(new Sample(5_000, List.of(OTHER))), 1)
                .top3());
    }

    @Test
    void totalsHoldTheTargetsToTheirThresholds() {
        Incident down = incident(FaultKind.LINK_DOWN, List.of(LINK));
        Incident gray = incident(FaultKind.GRAY_20, List.of(LINK));
        Incident clean = new Incident(3, FaultKind.NONE, BenchFabric.TINY, List.of(), List.of(), 1_000, 6_000, 7);
        List<Outcome> outcomes = List.of(
                Outcome.judge(down, List.of(new Sample(2_000, List.of(LINK))), 1),
                Outcome.judge(down, List.of(new Sample(2_000, List.of(OTHER, LINK))), 1),
                Outcome.judge(gray, List.of(new Sample(6_500, List.of(LINK))), 1),
                Outcome.judge(clean, List.of(new Sample(900, List.of(OTHER)), new Sample(3_000, List.of())), 1));
        Totals totals = Totals.of(outcomes);
        assertEquals(1, totals.byKind().get(FaultKind.LINK_DOWN).top1());
        assertEquals(0.5, totals.byKind().get(FaultKind.LINK_DOWN).falsePerIncident(), 1e-9);
        List<Totals.Target> targets = totals.targets();
        assertEquals("MISSED", targets.get(0).status(), "1 of 2 is below 95 %");
        assertEquals(
                "MISSED",
                targets.get(1).status(),
                "named 5.5 simulated ms after the fault: later than 5 s at the demo's pace");
        assertEquals("MET", targets.get(2).status());
        assertEquals("MET", targets.get(3).status(), "a suspect during the warm-up is not judged");
        assertFalse(totals.allTargetsMet());
    }
}
