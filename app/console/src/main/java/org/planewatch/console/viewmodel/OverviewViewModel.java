package org.planewatch.console.viewmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.localize.Suspect;

/** The home view: one card per plane, judged against the alarm thresholds. */
public final class OverviewViewModel {

    /**
     * What one plane's tile group shows. Values are NaN when unknown.
     *
     * @param suspect what the exclusion decisions point at in this plane, "link p2-t0-1~p2-t1-3
     *     suspected, 32 hosts" (ADR 0095); empty when nothing stands out
     */
    public record PlaneCard(
            int plane,
            Level level,
            double pathHealth,
            double goodputGbps,
            double trimRateKpps,
            double lastHopShare,
            long evsOutOfService,
            int linksDown,
            int linksTotal,
            Freshness freshness,
            String spreadText,
            String verdict,
            String suspect) {}

    private final ReadOnlyObjectWrapper<List<PlaneCard>> cards = new ReadOnlyObjectWrapper<>(List.of());

    public ReadOnlyObjectProperty<List<PlaneCard>> cardsProperty() {
        return cards.getReadOnlyProperty();
    }

    void update(FabricSnapshot snapshot, AlarmThresholds thresholds) {
        List<PlaneCard> list = new ArrayList<>(snapshot.planes().size());
        for (PlaneSummary plane : snapshot.planes()) {
            list.add(card(plane, snapshot.suspects(), thresholds));
        }
        cards.set(List.copyOf(list));
    }

    /**
     * The plane's best suspect, and how many more it has. Suspects are named whatever the thresholds:
     * a gray link can retire paths without taking the plane's health below its threshold, and the
     * card must not then call the plane healthy beside an alarm that names the link.
     */
    static String suspectText(int plane, List<Suspect> suspects) {
        List<Suspect> here = suspects.stream().filter(s -> s.plane() == plane).toList();
        if (here.isEmpty()) {
            return "";
        }
        Suspect best = here.getFirst();
        return best.kind().word() + " " + best.name() + " suspected, " + best.hosts()
                + (best.hosts() == 1 ? " host" : " hosts")
                + (here.size() > 1 ? " (+" + (here.size() - 1) + " more)" : "");
    }

    static PlaneCard card(PlaneSummary plane, List<Suspect> suspects, AlarmThresholds thresholds) {
        String suspect = suspectText(plane.plane(), suspects);
        double trims = plane.trimRate();
        Level level;
        String verdict;
        if (plane.freshness() == Freshness.STALE || plane.freshness() == Freshness.LOST) {
            level = Level.STALE;
            verdict = plane.freshness() + ": data is old";
        } else if (Double.isNaN(plane.pathHealth())) {
            level = Level.NO_DATA;
            verdict = "waiting for data";
        } else if (plane.pathHealth() < thresholds.criticalPlaneHealth()
                || plane.linksDown() > thresholds.maxLinksDown()
                        && plane.linksDown() * 4 >= Math.max(1, plane.linksTotal())) {
            level = Level.CRITICAL;
            verdict = "DEGRADED";
        } else if (plane.pathHealth() < thresholds.minPlaneHealth()
                || plane.linksDown() > thresholds.maxLinksDown()
                || trims > thresholds.maxPlaneTrimRate()) {
            level = Level.WARNING;
            verdict = plane.linksDown() > thresholds.maxLinksDown()
                    ? plane.linksDown() + (plane.linksDown() == 1 ? " link down" : " links down")
                    : plane.pathHealth() < thresholds.minPlaneHealth() ? "paths excluded" : "trimming hard";
        } else if (!suspect.isEmpty()) {
            level = Level.WARNING;
            verdict = "suspect";
        } else {
            level = Level.OK;
            verdict = "healthy";
        }
        double share = trims > 0 ? nan0(plane.lastHopTrimRate()) / trims : Double.NaN;
        String spread = Double.isNaN(plane.coreSpread().mean())
                ? "core spread \u2013"
                : String.format(
                        Locale.ROOT,
                        "core %.0f-%.0f%%",
                        plane.coreSpread().min() * 100,
                        plane.coreSpread().max() * 100);
        return new PlaneCard(
                plane.plane(),
                level,
                plane.pathHealth(),
                plane.goodputBps() / 1e9,
                trims / 1e3,
                share,
                plane.evsOutOfService(),
                plane.linksDown(),
                plane.linksTotal(),
                plane.freshness(),
                spread,
                verdict,
                suspect);
    }

    private static double nan0(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
