package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;

/**
 * The by-plane stage's maths on the partial sums of several per-device tasks: sums add up, a link
 * seen from two tasks is merged and counted once, a link no task sees goes, alarms clear only after
 * their condition has been gone for the console's clear-after time.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class PlaneBookTest {
    private long now = 1_000;
    private final PlaneBook book = new PlaneBook(AlarmThresholds.defaults(), () -> now);

    private static LinkPartial view(String task, String link, boolean up, double bits, double trims) {
        return new LinkPartial(task, link, 0, "T0_T1", up, bits, trims, 0.0, 100e9);
    }

    private static Map<String, RollupOutput> of(List<RollupOutput> out, RollupOutput.Kind kind) {
        return out.stream()
                .filter(o -> o.kind() == kind)
                .collect(Collectors.toMap(RollupOutput::key, Function.identity()));
    }

    @Test
    void planeSumsAddUpEveryTaskAndALinkSeenFromTwoTasksIsCountedOnceAndDownWhenEitherEndSaysSo() {
        book.take(PlaneInput.of(new PlanePartial("0_0", 0, 2, 1, 90, 10, 4e9, 100.0, null)));
        book.take(PlaneInput.of(new PlanePartial("0_1", 0, 2, 1, 100, 0, 6e9, null, 50.0)));
        book.take(PlaneInput.of(view("0_0", "p0-t0-0~p0-t1-0", true, 20e9, 10.0)));
        book.take(PlaneInput.of(view("0_1", "p0-t0-0~p0-t1-0", false, 30e9, 5.0)));
        book.take(PlaneInput.of(view("0_1", "p0-t0-1~p0-t1-0", true, 50e9, Double.NaN)));

        List<RollupOutput> out = book.tick();

        PlaneRollup plane =
                (PlaneRollup) of(out, RollupOutput.Kind.PLANES).get("0").value();
        assertEquals(4, plane.hosts());
        assertEquals(2, plane.switches());
        assertEquals(190 / 200.0, plane.pathHealth(), 1e-12);
        assertEquals(10e9, plane.goodputBps(), 1);
        assertEquals(100.0, plane.lastHopTrimRate());
        assertEquals(50.0, plane.fabricTrimRate());
        assertEquals(1, plane.linksDown());
        assertEquals(2, plane.linksTotal());
        assertEquals(0.5, plane.coreUtilizationMean(), 1e-12, "only the link that is up counts");
        LinkRollup link = (LinkRollup)
                of(out, RollupOutput.Kind.LINKS).get("p0-t0-0~p0-t1-0").value();
        assertEquals("DOWN", link.state());
        assertEquals(30e9, link.bitsPerSecond(), 1, "the busier direction");
        assertEquals(15.0, link.trimRate(), 1e-9, "both ends' trims");
        Map<String, RollupOutput> alarms = of(out, RollupOutput.Kind.ALARMS);
        assertTrue(
                alarms.containsKey("link-down/p0-t0-0~p0-t1-0"), alarms.keySet().toString());
        assertTrue(alarms.containsKey("links-down/0"), alarms.keySet().toString());
        assertTrue(alarms.containsKey("plane-health/0"), "95 % is below the console's 97 %");
    }

    @Test
    void theDevicesOfATaskNotHeardFromForThirtySecondsAreCountedApartUntilItSpeaksAgain() {
        book.take(PlaneInput.of(new PlanePartial("0_0", 0, 5, 2, 90, 10, 4e9, null, null)), now);
        book.take(PlaneInput.of(new PlanePartial("0_1", 0, 3, 1, 100, 0, 6e9, null, null)), now);
        long start = now;
        now += PlanePartial.UNHEARD_AFTER_MILLIS - 1_000;
        // 0_1 hands out again (its heartbeat); 0_0 has gone quiet.
        book.take(PlaneInput.of(new PlanePartial("0_1", 0, 3, 1, 100, 0, 6e9, null, null)), now);
        assertEquals(0, plane(book.tick()).hostsUnheard(), "29 s of silence is not yet unheard");

        now = start + PlanePartial.UNHEARD_AFTER_MILLIS;
        PlaneRollup quiet = plane(book.tick());
        assertEquals(5, quiet.hostsUnheard(), "0_0's hosts");
        assertEquals(2, quiet.switchesUnheard(), "0_0's switches");
        assertEquals(8, quiet.hosts(), "still counted in the sums, as last heard");
        assertTrue(quiet.partlyUnheard());

        // Its input arrives late, stamped when the task handed it out: heard as of then.
        book.take(PlaneInput.of(new PlanePartial("0_0", 0, 5, 2, 90, 10, 4e9, null, null)), now - 500);
        PlaneRollup back = plane(book.tick());
        assertEquals(0, back.hostsUnheard());
        assertEquals(0, back.switchesUnheard());
    }

    @Test
    void aStageReadingEveryTasksInputLateCountsOnlyTheTasksSilentInWhatItReadAsUnheard() {
        long start = now;
        book.take(PlaneInput.of(new PlanePartial("0_0", 0, 5, 2, 90, 10, 4e9, null, null)), start);
        book.take(PlaneInput.of(new PlanePartial("0_1", 0, 3, 1, 100, 0, 6e9, null, null)), start);
        // A backlog: a minute later the stage reads both tasks' heartbeats of 25 s after the start.
        now = start + 60_000;
        book.take(PlaneInput.of(new PlanePartial("0_0", 0, 5, 2, 90, 10, 4e9, null, null)), start + 25_000);
        book.take(PlaneInput.of(new PlanePartial("0_1", 0, 3, 1, 100, 0, 6e9, null, null)), start + 25_000);
        assertEquals(0, plane(book.tick()).hostsUnheard(), "both spoke in what the stage has read");

        // Still 35 s behind, it reads 0_0 on; 0_1 has said nothing for 30 s of what it read.
        now = start + 90_000;
        book.take(PlaneInput.of(new PlanePartial("0_0", 0, 5, 2, 90, 10, 4e9, null, null)), start + 55_000);
        PlaneRollup judged = plane(book.tick());
        assertEquals(3, judged.hostsUnheard(), "0_1's hosts");
        assertEquals(1, judged.switchesUnheard(), "0_1's switches");
    }

    private static PlaneRollup plane(List<RollupOutput> out) {
        return (PlaneRollup) of(out, RollupOutput.Kind.PLANES).get("0").value();
    }

    @Test
    void aLinkNoTaskSeesGoesAsATombstoneAndItsAlarmClearsAfterTheClearAfterTime() {
        book.take(PlaneInput.of(view("0_0", "p0-t0-0~p0-t1-0", false, Double.NaN, Double.NaN)));
        book.tick();
        book.take(PlaneInput.gone("0_0", "p0-t0-0~p0-t1-0", 0));
        now += 1_000;

        List<RollupOutput> out = book.tick();
        assertNull(of(out, RollupOutput.Kind.LINKS).get("p0-t0-0~p0-t1-0").value(), "a tombstone");
        assertTrue(of(out, RollupOutput.Kind.ALARMS).isEmpty(), "held 1 s ago: not cleared before 2 s " + out);

        now += 1_000;
        out = book.tick();
        assertNull(
                of(out, RollupOutput.Kind.ALARMS)
                        .get("link-down/p0-t0-0~p0-t1-0")
                        .value(),
                "cleared");
        assertEquals(
                0, ((PlaneRollup) of(out, RollupOutput.Kind.PLANES).get("0").value()).linksTotal());
    }

    @Test
    void aFigureNoViewKnowsStaysUnknownWhileOneViewsFigureIsTheLinksAndAViewReplacesItsTasksEarlierOne() {
        book.take(PlaneInput.of(view("0_0", "p0-t0-0~p0-t1-0", true, Double.NaN, 4.0)));
        book.take(PlaneInput.of(view("0_1", "p0-t0-0~p0-t1-0", true, Double.NaN, Double.NaN)));
        book.take(PlaneInput.of(view("0_2", "p0-t0-0~p0-t1-0", true, 10e9, 1.0)));
        book.take(PlaneInput.of(view("0_2", "p0-t0-0~p0-t1-0", true, Double.NaN, 2.0)));

        LinkRollup link = (LinkRollup)
                of(book.tick(), RollupOutput.Kind.LINKS).get("p0-t0-0~p0-t1-0").value();

        assertNull(link.bitsPerSecond(), "no view knows the bits: 0_2's later view replaced its 10 Gb/s");
        assertNull(link.utilization(), "no bits, no utilization");
        assertEquals(6.0, link.trimRate(), 1e-9, "4 from 0_0 and 2 from 0_2's later view; 0_1 knows none");
        assertEquals(100e9, link.capacityBps(), 1);

        book.take(PlaneInput.gone("0_0", "p0-t0-0~p0-t1-0", 0));
        now += 1_000;
        link = (LinkRollup)
                of(book.tick(), RollupOutput.Kind.LINKS).get("p0-t0-0~p0-t1-0").value();
        assertEquals(2.0, link.trimRate(), 1e-9, "0_0's view gone, 0_1's and 0_2's left");
    }

    @Test
    void aLinkWhoseFiguresDidNotChangeIsNotWrittenAgain() {
        book.take(PlaneInput.of(view("0_0", "p0-t0-0~p0-t1-0", true, 1e9, 0.0)));
        assertEquals(1, of(book.tick(), RollupOutput.Kind.LINKS).size());
        book.take(PlaneInput.of(view("0_0", "p0-t0-0~p0-t1-0", true, 1e9, 0.0)));
        now += 1_000;
        assertEquals(0, of(book.tick(), RollupOutput.Kind.LINKS).size());
    }

    @Test
    void aTasksViewOfTheSameTwoDevicesNamedTheOtherWayRoundEndsItsEarlierViewNotAnotherTasks() {
        book.take(PlaneInput.of(view("0_1", "p0-t0-0~host-1", true, 1e9, 0.0)));
        book.take(PlaneInput.of(view("0_2", "p0-t0-0~host-2", true, 1e9, 0.0)));
        book.tick();

        LinkPartial named = new LinkPartial("0_1", "host-1~p0-t0-0", 0, "HOST_T0", true, 1e9, 0.0, 0.0, 100e9);
        assertEquals(List.of("p0-t0-0~host-1"), book.take(PlaneInput.of(named)), "the view it ended");
        LinkPartial other = new LinkPartial("0_1", "host-2~p0-t0-0", 0, "HOST_T0", true, 1e9, 0.0, 0.0, 100e9);
        assertEquals(List.of(), book.take(PlaneInput.of(other)), "another task's view stays until it says so");
        now += 1_000;

        Map<String, RollupOutput> links = of(book.tick(), RollupOutput.Kind.LINKS);
        assertNull(links.get("p0-t0-0~host-1").value(), "a tombstone for the name taken back");
        assertEquals("HOST_T0", ((LinkRollup) links.get("host-1~p0-t0-0").value()).kind());
        assertEquals(Set.of("p0-t0-0~host-1", "host-1~p0-t0-0", "host-2~p0-t0-0"), links.keySet());
    }

    @Test
    void aStageStartedFromItsStoreWithdrawsALinkWhoseLastViewWentBeforeItsFirstTick() {
        PlaneBook restarted = new PlaneBook(AlarmThresholds.defaults(), () -> now);
        restarted.take(PlaneInput.of(view("0_1", "p0-t0-0~host-1", true, 1e9, 0.0))); // from its store
        restarted.take(PlaneInput.gone("0_1", "p0-t0-0~host-1", 0));

        Map<String, RollupOutput> links = of(restarted.tick(), RollupOutput.Kind.LINKS);
        assertTrue(links.containsKey("p0-t0-0~host-1"), "the earlier instance wrote it: " + links);
        assertNull(links.get("p0-t0-0~host-1").value(), "a tombstone");
    }
}
