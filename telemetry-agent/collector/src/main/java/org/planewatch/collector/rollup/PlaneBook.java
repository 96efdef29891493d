package org.planewatch.collector.rollup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.DeviceName;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;

/**
 * The by-plane stage of the rollups for the planes of one stream task: the partial sums of every
 * per-device task added up, each link's views merged, the plane's exclusion decisions ranked by the
 * console core's localizer (a {@link TelemetryStore} per plane that sees only decisions), and alarms
 * judged on the result. {@link #tick} gives what to write: every plane, the links that changed or
 * went, the suspects and the alarms raised, changed or cleared. Bounded by the fabric: one entry per
 * (plane, task) and per (link, task). Not thread-safe: the task's thread.
 */
public final class PlaneBook {
    /** Exclusion decisions each plane's store keeps in its history (the localizer keeps its own, bounded). */
    private static final int EVENT_CAPACITY = 1_024;

    private final LongSupplier clock;
    private final RollupAlarms alarms;
    private final Map<Integer, Plane> planes = new TreeMap<>();
    /**
     * How late the input read last was, by its stamp against this book's clock when it was read: a
     * stage reading a backlog (a restarted collector's tasks handing out their whole views) reads every
     * task's heartbeats late, and judged by its clock alone every task of the fabric counted unheard
     * (full-scale run 40: all 131,072 hosts for a minute and a half); judged by what it has read, only
     * the tasks silent in it are. A stage that reads nothing more goes on by its clock: the tasks it
     * hears nothing from become unheard as before.
     */
    private long behindMillis;

    private final class Plane {
        final int number;
        final Map<String, PlanePartial> partials = new HashMap<>();
        /** When each task was last heard from (its input's wall clock), by task. */
        final Map<String, Long> heardAt = new HashMap<>();

        final Map<String, LinkViews> linkViews = new HashMap<>();
        final Map<String, LinkRollup> links = new LinkedHashMap<>();
        /** What {@link #sum} and the alarms need of {@link #links}, kept as they change. */
        final LinkTotals totals = new LinkTotals();

        final Set<String> dirtyLinks = new HashSet<>();
        final Set<String> sentSuspects = new HashSet<>();
        TelemetryStore decisions;

        Plane(int number) {
            this.number = number;
        }

        TelemetryStore decisions() {
            if (decisions == null) {
                decisions = new TelemetryStore(
                        () -> Instant.ofEpochMilli(clock.getAsLong()),
                        FreshnessPolicy.standard(),
                        AlarmThresholds.defaults(),
                        EVENT_CAPACITY);
            }
            return decisions;
        }
    }

    public PlaneBook(AlarmThresholds thresholds, LongSupplier clockMillis) {
        this.clock = clockMillis;
        this.alarms = new RollupAlarms(thresholds);
    }

    /**
     * A per-device task's partial sum, link view, or link gone; returns the links whose view by that
     * task this input ended (for the caller's own copy of the views).
     *
     * <p>A task's view of a link ends its view of the same two devices named the other way round: the
     * task (or its earlier instance, on another collector or before a restart) named it so before it
     * knew the far end's role, a host taken for a T1 (ADR 0116), and an instance that starts afresh
     * cannot withdraw what it never sent (ADR 0118).
     *
     * <p>Its task counts as heard from as of the next {@link #tick}: for inputs read back from a store.
     */
    public List<String> take(PlaneInput input) {
        return take(input, HEARD_AT_FIRST_TICK);
    }

    /**
     * An input read back from the stage's store, not from its task: heard from as of the book's next
     * tick (a task restarting reads its store before its clock means anything: Kafka Streams' cached
     * time was seen to make a moved task's every device unheard at once).
     */
    private static final long HEARD_AT_FIRST_TICK = Long.MIN_VALUE;

    /**
     * {@link #take(PlaneInput)} of an input its task handed out at {@code heardAtMillis} (its wall
     * clock): a task not heard from for {@link PlanePartial#UNHEARD_AFTER_MILLIS} has its devices
     * counted as not heard from in the plane's rollup (ADR 0151).
     */
    public List<String> take(PlaneInput input, long heardAtMillis) {
        Plane plane = plane(input.planeNumber());
        if (heardAtMillis != HEARD_AT_FIRST_TICK) {
            behindMillis = Math.max(0, clock.getAsLong() - heardAtMillis);
        }
        if (input.plane() != null) {
            plane.partials.put(input.plane().task(), input.plane());
            plane.heardAt.merge(input.plane().task(), heardAtMillis, Math::max);
            return List.of();
        }
        if (input.link() != null) {
            LinkPartial link = input.link();
            LinkViews views = plane.linkViews.get(link.link());
            if (views == null) {
                plane.linkViews.put(link.link(), new LinkViews(link));
            } else {
                views.put(link);
            }
            plane.dirtyLinks.add(link.link());
            return DeviceName.otherOrder(link.link())
                    .filter(other -> dropView(plane, other, link.task()))
                    .map(List::of)
                    .orElse(List.of());
        }
        PlaneInput.LinkGone gone = input.linkGone();
        dropView(plane, gone.link(), gone.task());
        plane.dirtyLinks.add(gone.link());
        return List.of(gone.link());
    }

    /** Drops {@code task}'s view of {@code link}; true when it had one. */
    private static boolean dropView(Plane plane, String link, String task) {
        LinkViews views = plane.linkViews.get(link);
        if (views == null || !views.remove(task)) {
            return false;
        }
        if (views.isEmpty()) {
            plane.linkViews.remove(link);
        }
        plane.dirtyLinks.add(link);
        return true;
    }

    /** An exclusion decision through {@code plane}, as the notification of its leaves. */
    public void decide(int plane, IngestEvent.Notification decision) {
        plane(plane).decisions().apply(List.of(decision));
    }

    private Plane plane(int number) {
        return planes.computeIfAbsent(number, Plane::new);
    }

    /** What to write now: every plane, changed and gone links, suspects, and alarm changes. */
    public List<RollupOutput> tick() {
        long now = clock.getAsLong();
        List<RollupOutput> out = new ArrayList<>();
        List<PlaneRollup> rolled = new ArrayList<>();
        List<LinkRollup> down = new ArrayList<>();
        List<SuspectRollup> suspects = new ArrayList<>();
        for (Plane plane : planes.values()) {
            mergeLinks(plane, now, out);
            List<SuspectRollup> ranked = suspects(plane, now, out);
            suspects.addAll(ranked);
            PlaneRollup rollup = sum(plane, now, now - behindMillis, ranked.size());
            rolled.add(rollup);
            out.add(new RollupOutput(RollupOutput.Kind.PLANES, Integer.toString(plane.number), rollup));
            down.addAll(plane.totals.down());
        }
        out.addAll(alarms.judge(rolled, down, suspects, now));
        return out;
    }

    /** Merges the views of every link that changed; a link no task sees any more goes (a tombstone). */
    private static void mergeLinks(Plane plane, long now, List<RollupOutput> out) {
        for (String id : plane.dirtyLinks) {
            LinkViews views = plane.linkViews.get(id);
            if (views == null) {
                // Whether or not this instance wrote it: one started from its store may lose a link's last
                // view before its first tick, while the topic still holds what its earlier instance wrote.
                plane.totals.remove(plane.links.remove(id));
                out.add(new RollupOutput(RollupOutput.Kind.LINKS, id, null));
                continue;
            }
            LinkRollup merged = merge(id, plane.number, views, now);
            LinkRollup before = plane.links.get(id);
            if (before == null || !sameFigures(before, merged)) {
                plane.links.put(id, merged);
                plane.totals.remove(before);
                plane.totals.add(merged);
                out.add(new RollupOutput(RollupOutput.Kind.LINKS, id, merged));
            }
        }
        plane.dirtyLinks.clear();
    }

    private static boolean sameFigures(LinkRollup a, LinkRollup b) {
        return a.equals(new LinkRollup(
                b.link(),
                b.plane(),
                b.kind(),
                b.state(),
                b.bitsPerSecond(),
                b.utilization(),
                b.trimRate(),
                b.errorRate(),
                b.capacityBps(),
                a.atMillis()));
    }

    /**
     * A link's views merged as the console merges its two ends (FabricModel's link builder): down
     * when any view is, the busier direction's bits, trims and errors summed, the slower speed.
     */
    static LinkRollup merge(String id, int plane, Iterable<LinkPartial> views, long now) {
        boolean up = true;
        String kind = null;
        double bits = Double.NaN;
        double trims = Double.NaN;
        double errors = Double.NaN;
        double capacity = Double.NaN;
        for (LinkPartial view : views) {
            up &= view.up();
            kind = view.kind();
            bits = knownMax(bits, view.bitsPerSecond());
            trims = knownSum(trims, view.trimRate());
            errors = knownSum(errors, view.errorRate());
            capacity = knownMin(capacity, view.capacityBps());
        }
        double utilization = capacity > 0 ? bits / capacity : Double.NaN;
        return new LinkRollup(
                id,
                plane,
                kind,
                up ? "UP" : "DOWN",
                RollupJson.known(bits),
                RollupJson.known(utilization),
                RollupJson.known(trims),
                RollupJson.known(errors),
                RollupJson.known(capacity),
                now);
    }

    /** The sum of what is known; null when neither is (ifs, not a conditional: that would unbox a null). */
    private static Double sum(Double a, Double b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return a + b;
    }

    // Of what is known (not NaN); NaN when neither is.

    private static double knownSum(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : a + b;
    }

    private static double knownMin(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
    }

    private static double knownMax(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    /** The plane's suspects now, ranked; suspects no longer ranked go (tombstones). */
    private static List<SuspectRollup> suspects(Plane plane, long now, List<RollupOutput> out) {
        List<SuspectRollup> ranked = new ArrayList<>();
        Set<String> current = new HashSet<>();
        if (plane.decisions != null) {
            List<Suspect> suspects =
                    plane.decisions.publish(FabricSnapshot.IngestStats.NONE).suspects();
            for (int i = 0; i < suspects.size(); i++) {
                Suspect s = suspects.get(i);
                SuspectRollup rollup = new SuspectRollup(
                        s.name(),
                        s.kind().word(),
                        s.plane(),
                        i + 1,
                        s.score(),
                        s.hosts(),
                        s.failingPaths(),
                        s.healthyPaths(),
                        s.firstSeenNs(),
                        s.describe(),
                        now);
                ranked.add(rollup);
                current.add(s.name());
                out.add(new RollupOutput(RollupOutput.Kind.SUSPECTS, s.name(), rollup));
            }
        }
        for (String gone : plane.sentSuspects) {
            if (!current.contains(gone)) {
                out.add(new RollupOutput(RollupOutput.Kind.SUSPECTS, gone, null));
            }
        }
        plane.sentSuspects.clear();
        plane.sentSuspects.addAll(current);
        return ranked;
    }

    /**
     * The plane's sums over every per-device task, and its links counted once each (merged); the
     * hosts and switches of the tasks not heard from lately are counted apart too (their figures are as
     * last heard: a collector gone, its tasks not moved yet), silent for 30 s before {@code heardBy}
     * (the time its inputs are read up to).
     */
    private static PlaneRollup sum(Plane plane, long now, long heardBy, int suspects) {
        int hosts = 0;
        int switches = 0;
        int hostsUnheard = 0;
        int switchesUnheard = 0;
        long good = 0;
        long out = 0;
        Double goodput = null;
        Double lastHop = null;
        Double fabric = null;
        for (PlanePartial p : plane.partials.values()) {
            hosts += p.hosts();
            switches += p.switches();
            good += p.evsGood();
            out += p.evsOutOfService();
            goodput = sum(goodput, p.goodputBps());
            lastHop = sum(lastHop, p.lastHopTrimRate());
            fabric = sum(fabric, p.fabricTrimRate());
            long heard = plane.heardAt.getOrDefault(p.task(), HEARD_AT_FIRST_TICK);
            if (heard == HEARD_AT_FIRST_TICK) {
                heard = heardBy;
                plane.heardAt.put(p.task(), heardBy);
            }
            if (heardBy - heard >= PlanePartial.UNHEARD_AFTER_MILLIS) {
                hostsUnheard += p.hosts();
                switchesUnheard += p.switches();
            }
        }
        LinkTotals links = plane.totals;
        long evs = good + out;
        return new PlaneRollup(
                plane.number,
                now,
                hosts,
                switches,
                evs == 0 ? null : (double) good / evs,
                good,
                out,
                goodput,
                lastHop,
                fabric,
                links.downCount(),
                plane.links.size(),
                links.coreUtilizationMean(),
                links.coreUtilizationMax(),
                suspects,
                hostsUnheard,
                switchesUnheard);
    }
}
