package org.planewatch.console.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;

/** The fabric a console on a fleet shows, from the rollup records alone (no broker: the records as Kafka hands them). */
class FleetStateTest {
    private static final FreshnessPolicy POLICY = new FreshnessPolicy(Duration.ofSeconds(5), Duration.ofSeconds(30));
    private static final ReaderPosition PLANES_PENDING = new ReaderPosition(0, true);
    private final ManualClock clock = new ManualClock(1_000_000);
    private final FleetState state = new FleetState("fleet via Kafka k:9092", clock, POLICY);

    private void plane(int plane, int linksDown) {
        state.take(
                FleetTopics.PLANES,
                Integer.toString(plane),
                RollupJson.encode(new PlaneRollup(
                        plane, clock.millis(), 16, 8, 0.9, 90, 10, 1e9, 2.0, null, linksDown, 40, 0.3, 0.8, 1, 0, 0)));
    }

    private void link(String id, int plane, String state) {
        link(id, plane, state, 0.01);
    }

    /** A link's rollup at {@code utilization} of 100 Gb/s; a host link when its id starts with a host. */
    private void link(String id, int plane, String state, double utilization) {
        this.state.take(
                FleetTopics.LINKS,
                id,
                RollupJson.encode(new LinkRollup(
                        id,
                        plane,
                        id.startsWith("host") ? "HOST_T0" : "T0_T1",
                        state,
                        utilization * 100e9,
                        utilization,
                        0.0,
                        null,
                        100e9,
                        clock.millis())));
    }

    private FabricSnapshot snapshot() {
        return snapshot(ReaderPosition.CAUGHT_UP);
    }

    private FabricSnapshot snapshot(ReaderPosition position) {
        return state.snapshot(Optional.empty(), "", true, position);
    }

    /** The tier's freshness in a snapshot published with the reader at {@code position}. */
    private Freshness tier(ReaderPosition position) {
        return snapshot(position).targets().getFirst().freshness();
    }

    @Test
    void planesLinksAndDevicesComeFromTheRollupsAndATombstoneRemovesALink() {
        plane(0, 1);
        plane(1, 0);
        link("p0-t0-1~p0-t1-3", 0, "DOWN");
        link("host-0~p0-t0-0", 0, "UP");
        link("host-1~p0-t0-0", 0, "UP");
        FabricSnapshot first = snapshot();
        assertEquals(
                List.of(0, 1),
                first.planes().stream().map(FabricSnapshot.PlaneSummary::plane).toList());
        assertEquals(1, first.plane(0).orElseThrow().linksDown());
        assertTrue(Double.isNaN(first.plane(0).orElseThrow().fabricTrimRate()), "a rate not known yet is NaN");
        assertFalse(first.link("p0-t0-1~p0-t1-3").orElseThrow().up());
        assertEquals(
                FabricSnapshot.LinkKind.T0_T1,
                first.link("p0-t0-1~p0-t1-3").orElseThrow().kind());
        assertEquals(
                List.of("host-0", "host-1"),
                first.hosts().stream().map(FabricSnapshot.HostSummary::name).toList());
        assertEquals(3, first.switches().size());
        assertSame(first.links(), snapshot().links(), "the links are copied again only after a change");

        state.take(FleetTopics.LINKS, "host-1~p0-t0-0", null);
        FabricSnapshot second = snapshot();
        assertEquals(2, second.links().size());
        assertTrue(second.link("host-1~p0-t0-0").isEmpty());
        assertTrue(second.link("host-0~p0-t0-0").isPresent(), "the link moved into the hole is still found");
    }

    @Test
    void aPlanesCoreSpreadIsThatOfItsUpCoreLinksOnceTheRollupsHoldThemAndTheRollupsOwnUntilThen() {
        plane(0, 1);
        FabricSnapshot.LoadSpread partial = snapshot().plane(0).orElseThrow().coreSpread();
        assertEquals(0.8, partial.max(), 1e-12, "before any link: the rollup's busiest");
        assertEquals(0.3, partial.mean(), 1e-12, "and its mean");
        assertTrue(Double.isNaN(partial.median()), "no median without the links");

        link("p0-t0-0~p0-t1-0", 0, "UP", 0.1);
        link("p0-t0-0~p0-t1-1", 0, "UP", 0.2);
        link("p0-t0-1~p0-t1-0", 0, "UP", 0.6);
        link("p0-t0-1~p0-t1-1", 0, "DOWN", 0.0); // a down link carries no load: not in the spread
        link("host-0~p0-t0-0", 0, "UP"); // nor does a host link
        FabricSnapshot.LoadSpread spread = snapshot().plane(0).orElseThrow().coreSpread();
        assertEquals(0.1, spread.min(), 1e-12);
        assertEquals(0.2, spread.median(), 1e-12);
        assertEquals(0.6, spread.max(), 1e-12);
        assertEquals(0.3, spread.mean(), 1e-12);
        double sd = Math.sqrt(((0.2 * 0.2) + (0.1 * 0.1) + (0.3 * 0.3)) / 3);
        assertEquals(sd / 0.3, spread.coefficientOfVariation(), 1e-12);

        link("p0-t0-1~p0-t1-0", 0, "UP", 0.3); // a link's load changes: the spread follows within a second
        assertEquals(
                0.6,
                snapshot().plane(0).orElseThrow().coreSpread().max(),
                1e-12,
                "worked out again at most once a second");
        clock.advance(Duration.ofMillis(FleetState.SPREADS_EVERY_MILLIS));
        assertEquals(0.3, snapshot().plane(0).orElseThrow().coreSpread().max(), 1e-12);
    }

    @Test
    void suspectsAreRankedByScoreAndAlarmsMappedAClearedAlarmGoingToTheRecentList() {
        plane(0, 1);
        state.take(
                FleetTopics.SUSPECTS,
                "p0-t0-2",
                RollupJson.encode(new SuspectRollup(
                        "p0-t0-2", "switch", 0, 2, 0.4, 3, 4, 10, 5, "plane 0: switch p0-t0-2", clock.millis())));
        state.take(
                FleetTopics.SUSPECTS,
                "p0-t0-1~p0-t1-3",
                RollupJson.encode(new SuspectRollup(
                        "p0-t0-1~p0-t1-3", "link", 0, 1, 0.9, 8, 12, 0, 5, "plane 0: link", clock.millis())));
        state.take(
                FleetTopics.ALARMS,
                "link-down/x",
                RollupJson.encode(new AlarmRollup(
                        "link-down/x", "LINK_DOWN", "p0-t0-1~p0-t1-3", 0, "MAJOR", "link down", clock.millis())));
        FabricSnapshot snapshot = snapshot();
        assertEquals(
                List.of("p0-t0-1~p0-t1-3", "p0-t0-2"),
                snapshot.suspects().stream().map(Suspect::name).toList());
        assertEquals(Suspect.Kind.SWITCH, snapshot.suspects().get(1).kind());
        Alarm alarm = snapshot.activeAlarms().getFirst();
        assertEquals(Alarm.Kind.LINKS_DOWN, alarm.kind());
        assertEquals("p0-t0-1~p0-t1-3", alarm.subject());

        state.take(FleetTopics.ALARMS, "link-down/x", null);
        FabricSnapshot cleared = snapshot();
        assertTrue(cleared.activeAlarms().isEmpty());
        assertEquals("link-down/x", cleared.recentAlarms().getFirst().key());
        assertFalse(cleared.recentAlarms().getFirst().active());
    }

    @Test
    void aPlaneWhoseRollupCountsUnheardDevicesIsStaleWithAnAlarmSayingHowManyWhileTheTierStaysLive() {
        for (int p = 0; p < 2; p++) {
            state.take(
                    FleetTopics.PLANES,
                    Integer.toString(p),
                    RollupJson.encode(new PlaneRollup(
                            p, clock.millis(), 16, 8, 0.9, 90, 10, 1e9, 2.0, null, 0, 40, 0.3, 0.8, 0, 6, 3)));
        }
        plane(2, 0); // every device heard from

        FabricSnapshot partly = snapshot();
        assertEquals(Freshness.STALE, partly.plane(0).orElseThrow().freshness());
        assertEquals(Freshness.STALE, partly.plane(1).orElseThrow().freshness());
        assertEquals(Freshness.LIVE, partly.plane(2).orElseThrow().freshness());
        assertEquals(Freshness.LIVE, partly.targets().getFirst().freshness(), "the rollups themselves are live");
        Alarm alarm = partly.activeAlarms().stream()
                .filter(a -> a.key().equals("fleet/unheard"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(partly.activeAlarms().toString()));
        assertEquals(Alarm.Kind.TARGET_STALE, alarm.kind());
        assertTrue(
                alarm.message().contains("6 hosts and 6 switches"),
                "a host is in every plane, a switch in one: " + alarm.message());

        plane(0, 0);
        plane(1, 0);
        FabricSnapshot heard = snapshot();
        assertEquals(Freshness.LIVE, heard.plane(0).orElseThrow().freshness());
        assertTrue(heard.activeAlarms().isEmpty(), heard.activeAlarms().toString());
    }

    @Test
    void rollupsOlderThanTheStaleThresholdMakeTheTierStaleAndRaiseAnAlarm() {
        plane(0, 0);
        link("host-0~p0-t0-0", 0, "UP");
        assertEquals(Freshness.LIVE, snapshot().targets().getFirst().freshness());
        clock.advance(Duration.ofSeconds(6));
        FabricSnapshot stale = snapshot();
        assertEquals(Freshness.STALE, stale.targets().getFirst().freshness());
        assertEquals(Freshness.STALE, stale.plane(0).orElseThrow().freshness());
        assertEquals(Freshness.STALE, stale.links().getFirst().freshness(), "links show the tier's freshness");
        Alarm alarm = stale.activeAlarms().getFirst();
        assertEquals(Alarm.Kind.TARGET_STALE, alarm.kind());
        assertTrue(alarm.message().contains("rollups are 6 s old"), alarm.message());
        assertTrue(
                stale.targets().getFirst().detail().startsWith("rollups 6 s old; 1 planes, 1 links"),
                stale.targets().getFirst().detail());
        plane(0, 0);
        assertEquals(Freshness.LIVE, snapshot().targets().getFirst().freshness());
        assertTrue(snapshot().activeAlarms().isEmpty());
    }

    @Test
    void aTierGoingStaleAndLiveAgainShowsOnEveryLinkWhileTheConsoleKeepsOnlyTheLinksItRead() {
        plane(0, 0);
        link("host-0~p0-t0-0", 0, "UP");
        link("p0-t0-0~p0-t1-0", 0, "DOWN");
        List<FabricSnapshot.LinkState> live = snapshot().links();
        clock.advance(Duration.ofSeconds(6));
        List<FabricSnapshot.LinkState> stale = snapshot().links();
        assertEquals(2, stale.size());
        for (int i = 0; i < stale.size(); i++) {
            assertEquals(Freshness.STALE, stale.get(i).freshness());
            assertEquals(live.get(i).withFreshness(Freshness.STALE), stale.get(i), "only the freshness differs");
        }
        plane(0, 0);
        List<FabricSnapshot.LinkState> liveAgain = snapshot().links();
        // At full scale a second set of 2.1 million links, made for the stale tier while the views
        // held the first, ran a console out of its heap: the links kept are the ones read.
        for (int i = 0; i < live.size(); i++) {
            assertSame(live.get(i), liveAgain.get(i), "the link read is the link shown once live again");
        }
    }

    @Test
    void aConsoleStillReadingWhatTheTopicsHeldWhenItConnectedIsConnectingAndSaysHowMuchIsLeft() {
        plane(0, 0);
        link("host-0~p0-t0-0", 0, "UP");
        clock.advance(Duration.ofSeconds(90));
        FabricSnapshot loading = snapshot(new ReaderPosition(1_000, false));
        TargetStatus tier = loading.targets().getFirst();
        assertEquals(Freshness.CONNECTING, tier.freshness(), "not LOST: the newer rollups are still to be read");
        assertTrue(tier.detail().startsWith("reading the fleet's topics: 1000 records to go; "), tier.detail());
        assertEquals(Freshness.CONNECTING, loading.links().getFirst().freshness());
        assertTrue(loading.activeAlarms().isEmpty(), loading.activeAlarms().toString());
        plane(0, 0);
        FabricSnapshot read = snapshot();
        assertEquals(Freshness.LIVE, read.targets().getFirst().freshness());
        assertEquals(Freshness.LIVE, read.links().getFirst().freshness());
        assertTrue(
                read.targets().getFirst().detail().startsWith("rollups 0 s old"),
                read.targets().getFirst().detail());
    }

    @Test
    void whileTheLinksLoadEachPlaneIsJudgedOnItsOwnRecordAndItsSpreadIsTheRollups() {
        plane(0, 0);
        link("p0-t0-0~p0-t1-0", 0, "UP", 0.05);
        FabricSnapshot loading = snapshot(new ReaderPosition(2_000_000, false));
        assertEquals(Freshness.CONNECTING, loading.targets().getFirst().freshness());
        PlaneSummary plane = loading.plane(0).orElseThrow();
        assertEquals(Freshness.LIVE, plane.freshness(), "the planes are read: their age is the collectors'");
        assertEquals(0.8, plane.coreSpread().max(), 1e-12, "the rollup's busiest, not the one link read so far");
        assertEquals(0.3, plane.coreSpread().mean(), 1e-12);
        assertTrue(Double.isNaN(plane.coreSpread().min()), "no least loaded link before every link is in");
        clock.advance(Duration.ofSeconds(40));
        assertEquals(
                Freshness.LOST,
                snapshot(new ReaderPosition(1_000, false))
                        .plane(0)
                        .orElseThrow()
                        .freshness(),
                "a plane whose newest record is old is old, loaded or not");
        plane(0, 0);
        FabricSnapshot.LoadSpread read = snapshot().plane(0).orElseThrow().coreSpread();
        assertEquals(0.05, read.max(), 1e-12, "every link in: the spread is the links'");
        assertEquals(0.05, read.min(), 1e-12);
    }

    @Test
    void oldPlaneRecordsDoNotMakeTheTierStaleWhileNewerOnesWaitInTheReadersOwnFetch() {
        plane(0, 0);
        link("host-0~p0-t0-0", 0, "UP");
        clock.advance(Duration.ofSeconds(40));
        FabricSnapshot loading = snapshot(PLANES_PENDING);
        assertEquals(
                Freshness.CONNECTING,
                loading.targets().getFirst().freshness(),
                "a new console reading old plane records first is still connecting, not LOST");
        assertEquals(Freshness.CONNECTING, loading.links().getFirst().freshness());
        assertEquals(Freshness.CONNECTING, loading.plane(0).orElseThrow().freshness());
        plane(0, 0);
        assertEquals(Freshness.LIVE, tier(ReaderPosition.CAUGHT_UP));
        clock.advance(Duration.ofSeconds(6));
        FabricSnapshot behind = snapshot(PLANES_PENDING);
        assertEquals(Freshness.LIVE, behind.targets().getFirst().freshness(), "newer plane records are waiting");
        assertEquals(Freshness.LIVE, behind.links().getFirst().freshness());
        assertTrue(behind.activeAlarms().isEmpty(), behind.activeAlarms().toString());
        assertEquals(
                Freshness.STALE,
                snapshot().targets().getFirst().freshness(),
                "once nothing waits, the rollups' age is the collectors'");
        plane(0, 0);
        assertEquals(Freshness.LIVE, snapshot().targets().getFirst().freshness());
        clock.advance(Duration.ofSeconds(6));
        assertEquals(Freshness.LIVE, tier(PLANES_PENDING));
        clock.advance(Duration.ofSeconds(31));
        assertEquals(
                Freshness.LOST,
                tier(PLANES_PENDING),
                "a reader behind for longer than the lost threshold is judged on what it read");
    }

    @Test
    void aRecordThatIsNotARollupIsCountedAndSaidInTheTargetsDetail() {
        state.take(FleetTopics.PLANES, "0", "{not json".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        state.take(
                FleetTopics.LINKS,
                "x",
                RollupJson.encode(new LinkRollup("x", 0, "T0_T1", "UP", null, null, null, null, null, 0)));
        FabricSnapshot snapshot = snapshot();
        assertEquals(2, snapshot.ingest().droppedNotifications());
        String detail = snapshot.targets().getFirst().detail();
        assertTrue(
                detail.contains(
                        "skipped a record of planewatch.rollup.links (key x): link 'x' is not two device names"),
                detail);
        assertTrue(snapshot.links().isEmpty());
    }
}
