package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.Freshness;

/** What a plane's card on the overview says of the plane, by how fresh its figures are. */
class PlaneCardVerdictTest {

    private static PlaneSummary plane(Freshness freshness) {
        // Figures a healthy plane would have: full path health, nothing down, no trims.
        return new PlaneSummary(0, 1.0, 1000, 0, 0, 0, 0, 0, 16, LoadSpread.NONE, freshness, 32, 8);
    }

    private static OverviewViewModel.PlaneCard card(Freshness freshness) {
        return OverviewViewModel.card(plane(freshness), List.of(), List.of(), AlarmThresholds.defaults());
    }

    @Test
    void aPlaneWhoseFiguresAreStillArrivingIsNotCalledHealthy() {
        OverviewViewModel.PlaneCard connecting = card(Freshness.CONNECTING);
        assertEquals(Level.NO_DATA, connecting.level());
        assertEquals("connecting: figures still arriving", connecting.verdict());
    }

    @Test
    void theSameFiguresLiveAreHealthyAndOldAreStale() {
        assertEquals("healthy", card(Freshness.LIVE).verdict());
        assertEquals(Level.OK, card(Freshness.LIVE).level());
        assertEquals(Level.STALE, card(Freshness.LOST).level());
        assertEquals("LOST: data is old", card(Freshness.LOST).verdict());
    }
}
