package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.TrendPoint;

/**
 * Issue 20, item 4: a plane's rates are smoothed over a documented window of the state clock, so a
 * bursty training step reads as what the plane carries, the same live and in a replay.
 */
class PlaneTrendsTest {
    private static final long T0 = 1_800_000_000_000L;

    private static PlaneSummary plane(
            double goodputBps, double trims, double coreMin, double coreMax, Freshness fresh) {
        return new PlaneSummary(
                0,
                1.0,
                64,
                0,
                goodputBps,
                trims,
                0,
                0,
                8,
                new LoadSpread(coreMin, coreMin, coreMax, (coreMin + coreMax) / 2, 0),
                fresh,
                4,
                2);
    }

    /** A training step: 172 Gb/s for a second, then 5, then nothing, again and again. */
    private static double burst(int second) {
        return switch (second % 3) {
            case 0 -> 172e9;
            case 1 -> 5e9;
            default -> 0;
        };
    }

    @Test
    void aBurstyRateReadsAsItsMeanOverTheWindowWhicheverTheCadenceOfSnapshots() {
        PlaneTrends everySecond = new PlaneTrends(600);
        PlaneTrends everyTenthOfASecond = new PlaneTrends(600);
        for (int tenth = 0; tenth <= 300; tenth++) {
            long now = T0 + tenth * 100L;
            PlaneSummary summary = plane(
                    burst(tenth / 10), 3000, burst(tenth / 10) / 400e9, burst(tenth / 10) / 200e9, Freshness.LIVE);
            everyTenthOfASecond.update(List.of(summary), now);
            if (tenth % 10 == 0) {
                everySecond.update(List.of(summary), now);
            }
        }
        TrendPoint last = everySecond.points().get(0).getLast();
        // The last 10 s (seconds 20 to 29): 172 Gb/s three times, 5 three times, nothing four times.
        assertEquals(53.1e9, last.goodputBps(), 1e6);
        assertEquals(T0 + 30_000, last.atMillis());
        assertEquals(last, everyTenthOfASecond.points().get(0).getLast(), "the same points at either cadence");
        assertEquals(3000, last.trimRate(), 1e-9);
        // The core spread is smoothed over the same window as the goodput beside it.
        assertEquals(53.1e9 / 400e9, last.coreMin(), 1e-6);
        assertEquals(53.1e9 / 200e9, last.coreMax(), 1e-6);
        for (TrendPoint p : everySecond.points().get(0).subList(12, 30)) {
            assertTrue(p.goodputBps() > 40e9 && p.goodputBps() < 80e9, "smoothed: " + p);
        }
    }

    @Test
    void aPlaneThatIsNotLiveIsAGapAndAClockThatWentBackStartsAfresh() {
        PlaneTrends trends = new PlaneTrends(600);
        trends.update(List.of(plane(100e9, 0, 0.5, 0.5, Freshness.LIVE)), T0);
        trends.update(List.of(plane(100e9, 0, 0.5, 0.5, Freshness.STALE)), T0 + 1000);
        List<TrendPoint> points = trends.points().get(0);
        assertEquals(100e9, points.get(0).goodputBps(), 1);
        assertTrue(Double.isNaN(points.get(1).goodputBps()), "a gap: " + points.get(1));
        assertTrue(Double.isNaN(trends.trims().get(0).get(1).lastHop()), "a gap in the trim chart too");
        // A replay seeks back: the points start again from there.
        trends.update(List.of(plane(20e9, 0, 0.1, 0.1, Freshness.LIVE)), T0 - 60_000);
        assertEquals(1, trends.points().get(0).size());
        assertEquals(20e9, trends.points().get(0).getFirst().goodputBps(), 1);
    }

    @Test
    void theTrimChartsShowTheSamePointsAsTheTiles() {
        PlaneTrends trends = new PlaneTrends(600);
        for (int s = 0; s < 20; s++) {
            trends.update(List.of(plane(1e9, s % 2 == 0 ? 9000 : 0, 0, 0, Freshness.LIVE)), T0 + s * 1000L);
        }
        TrendPoint tile = trends.points().get(0).getLast();
        var chart = trends.trims().get(0).getLast();
        assertEquals(tile.lastHopTrimRate(), chart.lastHop());
        assertEquals(tile.fabricTrimRate(), chart.fabric());
        assertEquals(4500, tile.trimRate(), 1e-6);
    }

    @Test
    void ratesAreShownInTheUnitTheirMagnitudeReadsBestIn() {
        Units.Scaled huge = Units.scaled(145171.4e9, "b/s");
        assertEquals("Tb/s", huge.unit());
        assertEquals(145.1714, huge.value(), 1e-9);
        assertEquals(new Units.Scaled(172, "Gb/s"), Units.scaled(172e9, "b/s"));
        assertEquals(new Units.Scaled(3.5, "kpkt/s"), Units.scaled(3500, "pkt/s"));
        assertEquals("145.2 Tb/s", Units.bits(145171.4e9));
        assertEquals("0 b/s", Units.bits(0));
        assertEquals(new Units.Scaled(0, "pkt/s"), Units.scaled(0, "pkt/s"));
        assertEquals("100.0%", Units.utilization(1.009));
        assertTrue(Units.overCapacity(1.009));
    }
}
