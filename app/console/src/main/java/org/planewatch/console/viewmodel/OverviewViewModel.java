package org.planewatch.console.viewmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.TrendPoint;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.Units;
import org.planewatch.console.state.localize.Suspect;

/** The home view: one card per plane, judged against the alarm thresholds. */
public final class OverviewViewModel {

    /** The sparklines' span: the last minute of points. */
    public static final int SPARKLINE_POINTS = 60;

    /**
     * What one plane's tile group shows. Values are NaN when unknown. Goodput, trim rate and the core
     * spread are the plane's smoothed trend ({@link FabricSnapshot.TrendPoint}): the same figures as
     * the end of each tile's sparkline and of the trim charts.
     *
     * @param goodputBps smoothed goodput, bits per second
     * @param trimRate smoothed trims, packets per second
     * @param spreadTip what the spread means, and that a link measured above its capacity shows as 100 %
     * @param recent the last {@link #SPARKLINE_POINTS} trend points, oldest first
     * @param suspect what the exclusion decisions point at in this plane, "link p2-t0-1~p2-t1-3
     *     suspected, 32 hosts" (ADR 0095); empty when nothing stands out
     */
    public record PlaneCard(
            int plane,
            Level level,
            double pathHealth,
            double goodputBps,
            double trimRate,
            double lastHopShare,
            long evsOutOfService,
            int linksDown,
            int linksTotal,
            Freshness freshness,
            String spreadText,
            String spreadTip,
            String verdict,
            List<TrendPoint> recent,
            String suspect) {}

    private final ReadOnlyObjectWrapper<List<PlaneCard>> cards = new ReadOnlyObjectWrapper<>(List.of());

    public ReadOnlyObjectProperty<List<PlaneCard>> cardsProperty() {
        return cards.getReadOnlyProperty();
    }

    void update(FabricSnapshot snapshot, AlarmThresholds thresholds) {
        List<PlaneCard> list = new ArrayList<>(snapshot.planes().size());
        for (PlaneSummary plane : snapshot.planes()) {
            list.add(card(
                    plane, snapshot.trends().getOrDefault(plane.plane(), List.of()), snapshot.suspects(), thresholds));
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

    static PlaneCard card(
            PlaneSummary plane, List<TrendPoint> trend, List<Suspect> suspects, AlarmThresholds thresholds) {
        String suspect = suspectText(plane.plane(), suspects);
        // The newest smoothed point; before the first one (the first second), the raw figures.
        TrendPoint now = trend.isEmpty()
                ? new TrendPoint(
                        0,
                        plane.goodputBps(),
                        nan0(plane.lastHopTrimRate()),
                        nan0(plane.fabricTrimRate()),
                        plane.coreSpread().min(),
                        plane.coreSpread().max(),
                        plane.pathHealth(),
                        plane.evsOutOfService(),
                        plane.linksDown())
                : trend.getLast();
        double trims = now.trimRate();
        Level level;
        String verdict;
        if (plane.freshness() == Freshness.STALE || plane.freshness() == Freshness.LOST) {
            level = Level.STALE;
            verdict = plane.freshness() + ": data is old";
        } else if (Double.isNaN(plane.pathHealth())) {
            level = Level.NO_DATA;
            verdict = "waiting for data";
        } else if (plane.freshness() == Freshness.CONNECTING) {
            // A console loading a fleet reads older records of a plane first: no verdict on them.
            level = Level.NO_DATA;
            verdict = "connecting: figures still arriving";
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
        double share = trims > 0 ? nan0(now.lastHopTrimRate()) / trims : Double.NaN;
        String window = "mean over the last " + FabricSnapshot.TrendPoint.WINDOW_MILLIS / 1000 + " s";
        String spread = Double.isNaN(now.coreMin()) || Double.isNaN(now.coreMax())
                ? "core spread \u2013"
                : String.format(
                        Locale.ROOT,
                        "core %.0f-%.0f%%",
                        Math.min(now.coreMin(), 1) * 100,
                        Math.min(now.coreMax(), 1) * 100);
        String tip = "Goodput and the core spread (utilization of the least and the most loaded T0-T1 link): " + window
                + ".";
        if (Units.overCapacity(now.coreMax())) {
            tip += String.format(
                    Locale.ROOT,
                    " The busiest link measured %.1f %% of its capacity, shown as 100 %%: a rate from two counter"
                            + " readings can exceed what the link carries by the packets still on the wire"
                            + " when it was sampled.",
                    now.coreMax() * 100);
        }
        return new PlaneCard(
                plane.plane(),
                level,
                plane.pathHealth(),
                now.goodputBps(),
                trims,
                share,
                plane.evsOutOfService(),
                plane.linksDown(),
                plane.linksTotal(),
                plane.freshness(),
                spread,
                tip,
                verdict,
                trend.size() > SPARKLINE_POINTS ? trend.subList(trend.size() - SPARKLINE_POINTS, trend.size()) : trend,
                suspect);
    }

    private static double nan0(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
