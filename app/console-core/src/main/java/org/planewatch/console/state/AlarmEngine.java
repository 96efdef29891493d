package org.planewatch.console.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.state.FabricSnapshot.TrendPoint;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.ConnectionPhase;

/**
 * Stateful alarms: a condition raises its alarm the first time it holds and clears it once it has
 * been gone for {@link AlarmThresholds#clearAfter()}. Cleared alarms stay in a bounded history.
 */
final class AlarmEngine {
    record Condition(String key, Alarm.Kind kind, String subject, Alarm.Severity severity, String message) {}

    private static final int HISTORY = 500;
    /**
     * A suspect raises its alarm once named this long without a break: as a fault begins or ends, or in
     * a burst of incast, an element can be named for a publication or two (ADR 0095), and each such
     * blip was a toast at 3 a.m. The ranking itself (the Exclusions view, {@code diagnose}) shows it at once.
     */
    static final long SUSPECT_RAISE_AFTER_MILLIS = 2_000;

    /** Since when each suspect in the ranking has been named without a break. */
    private final Map<String, Long> namedSince = new HashMap<>();
    /** Whether this engine has evaluated before: false at a start and after a replay seek. */
    private boolean evaluatedBefore;

    private final Map<String, Alarm> active = new LinkedHashMap<>();
    private final Map<String, Long> lastHeld = new HashMap<>();
    private final Deque<Alarm> history = new ArrayDeque<>();
    /** Per key, no notification before this: a silence outlasts the alarm, so a flapping condition stays quiet. */
    private final Map<String, Long> silencedUntil = new HashMap<>();
    /** Per key, the subject's figure at the latest evaluation, for an alarm whose condition is gone. */
    private final Map<String, String> figures = new HashMap<>();

    private boolean acknowledgedSincePublished;
    private List<Alarm> publishedActive = List.of();
    private List<Alarm> publishedRecent = List.of();

    /**
     * @param suspects the localizer's ranking at this instant: each suspect holds an alarm that names
     *     it, which clears as any other once the suspect has left the ranking (its evidence faded)
     * @param held conditions of the console itself, reported from outside the telemetry (recording stopped)
     * @param trends per plane, its smoothed points: the trim alarm judges the same smoothed rate the
     *     overview's tile shows, so a burst the tile smooths away raises nothing and the two agree
     */
    void evaluate(
            List<PlaneSummary> planes,
            Map<Integer, List<TrendPoint>> trends,
            List<TargetStatus> targets,
            List<ExclusionEvent> events,
            List<Suspect> suspects,
            Collection<Condition> held,
            AlarmThresholds thresholds,
            long nowMillis) {
        List<Condition> conditions = new ArrayList<>(held);
        figures.clear();
        Set<String> named = new HashSet<>();
        for (Suspect suspect : suspects) {
            Condition condition = suspected(suspect);
            named.add(condition.key());
            long since = namedSince.computeIfAbsent(condition.key(), k -> nowMillis);
            // Raised once named SUSPECT_RAISE_AFTER_MILLIS without a break. At the first evaluation (a
            // start, or a replay seek, which rebuilds the ranking but not this history) a suspect whose
            // episode is that old by its first failing decision raises at once, as live had raised it.
            boolean heldLongEnough = nowMillis - since >= SUSPECT_RAISE_AFTER_MILLIS
                    || !evaluatedBefore && nowMillis - suspect.firstSeenNs() / 1_000_000 >= SUSPECT_RAISE_AFTER_MILLIS;
            if (active.containsKey(condition.key()) || heldLongEnough) {
                conditions.add(condition);
            }
        }
        // A suspect that left the ranking starts again from nothing.
        namedSince.keySet().retainAll(named);
        evaluatedBefore = true;
        for (PlaneSummary plane : planes) {
            String subject = "plane " + plane.plane();
            double trimRate = smoothedTrimRate(plane, trends.get(plane.plane()));
            figures.put(
                    "health/" + plane.plane(),
                    Double.isNaN(plane.pathHealth())
                            ? "path health unknown"
                            : String.format(
                                    Locale.ROOT,
                                    "path health %.1f%%, %d EVs out of service",
                                    plane.pathHealth() * 100,
                                    plane.evsOutOfService()));
            figures.put(
                    "trim/" + plane.plane(),
                    Double.isNaN(trimRate) ? "trims unknown" : "trims " + Units.count(trimRate) + " pkt/s");
            figures.put("links/" + plane.plane(), plane.linksDown() + " of " + plane.linksTotal() + " links down");
            if (!Double.isNaN(plane.pathHealth()) && plane.pathHealth() < thresholds.minPlaneHealth()) {
                conditions.add(new Condition(
                        "health/" + plane.plane(),
                        Alarm.Kind.PLANE_HEALTH,
                        subject,
                        plane.pathHealth() < thresholds.criticalPlaneHealth()
                                ? Alarm.Severity.CRITICAL
                                : Alarm.Severity.MAJOR,
                        String.format(
                                Locale.ROOT,
                                "Plane %d path health %.1f%% (threshold %.1f%%): %d EVs out of service",
                                plane.plane(),
                                plane.pathHealth() * 100,
                                thresholds.minPlaneHealth() * 100,
                                plane.evsOutOfService())));
            }
            if (trimRate > thresholds.maxPlaneTrimRate()) {
                conditions.add(new Condition(
                        "trim/" + plane.plane(),
                        Alarm.Kind.TRIM_RATE,
                        subject,
                        Alarm.Severity.WARNING,
                        String.format(
                                Locale.ROOT,
                                "Plane %d trims %s pkt/s (threshold %s): last hop %s, fabric %s",
                                plane.plane(),
                                Units.count(trimRate),
                                Units.count(thresholds.maxPlaneTrimRate()),
                                Units.count(smoothedOr(
                                        trends.get(plane.plane()),
                                        TrendPoint::lastHopTrimRate,
                                        plane.lastHopTrimRate())),
                                Units.count(smoothedOr(
                                        trends.get(plane.plane()),
                                        TrendPoint::fabricTrimRate,
                                        plane.fabricTrimRate())))));
            }
            if (plane.linksDown() > thresholds.maxLinksDown()) {
                conditions.add(new Condition(
                        "links/" + plane.plane(),
                        Alarm.Kind.LINKS_DOWN,
                        subject,
                        Alarm.Severity.MAJOR,
                        "Plane " + plane.plane() + ": " + plane.linksDown() + " of " + plane.linksTotal()
                                + " links down"));
            }
        }
        for (TargetStatus target : targets) {
            String state = "target " + target.freshness().name();
            figures.put("lost/" + target.source(), state);
            figures.put("stale/" + target.source(), state);
            if (target.freshness() == Freshness.LOST && target.phase() != ConnectionPhase.CLOSED) {
                conditions.add(new Condition(
                        "lost/" + target.source(),
                        Alarm.Kind.TARGET_LOST,
                        target.source(),
                        Alarm.Severity.MAJOR,
                        "Target " + target.source() + " LOST"
                                + (target.detail().isEmpty() ? "" : ": " + target.detail())));
            } else if (target.freshness() == Freshness.STALE && thresholds.alarmOnStale()) {
                conditions.add(new Condition(
                        "stale/" + target.source(),
                        Alarm.Kind.TARGET_STALE,
                        target.source(),
                        Alarm.Severity.WARNING,
                        "Target " + target.source() + " STALE: no data for "
                                + Units.seconds(nowMillis - target.lastSeenMillis())));
            }
        }
        long guardWindow = thresholds.minActiveGuardWindow().toMillis();
        for (int i = events.size() - 1; i >= 0; i--) {
            ExclusionEvent event = events.get(i);
            if (nowMillis - event.arrivalMillis() > guardWindow) {
                break;
            }
            if ("MIN_ACTIVE_GUARD".equals(event.reason())) {
                String key = "guard/" + event.host() + "/" + event.qpn();
                if (conditions.stream().noneMatch(c -> c.key().equals(key))) {
                    conditions.add(new Condition(
                            key,
                            Alarm.Kind.MIN_ACTIVE_GUARD,
                            event.host(),
                            Alarm.Severity.MAJOR,
                            event.host() + " QP " + event.qpn() + " hit the min-active guard on plane " + event.plane()
                                    + ": too few EVs left, kept a bad one in service"));
                }
            }
        }
        apply(conditions, thresholds.clearAfter().toMillis(), nowMillis);
    }

    /** The plane's trim rate as its latest smoothed point has it; the raw rate before the first point. */
    private static double smoothedTrimRate(PlaneSummary plane, List<TrendPoint> points) {
        return smoothedOr(points, TrendPoint::trimRate, plane.trimRate());
    }

    /** A gap (the plane not LIVE) is NaN, which raises nothing: never old figures that look current. */
    private static double smoothedOr(List<TrendPoint> points, ToDoubleFunction<TrendPoint> figure, double raw) {
        return points == null || points.isEmpty() ? raw : figure.applyAsDouble(points.getLast());
    }

    /**
     * Keyed by the element, not its rank or numbers: the alarm stays one alarm while its hosts and
     * score move, its message following them. The subject is the element, which the alarms view's
     * double-click opens.
     */
    static Condition suspected(Suspect suspect) {
        return new Condition(
                "suspect/" + suspect.kind().word() + "/" + suspect.name(),
                Alarm.Kind.SUSPECT,
                suspect.name(),
                Alarm.Severity.MAJOR,
                suspect.describe());
    }

    /**
     * An operator acknowledged the alarm raised at {@code raisedAtMillis} under {@code key}, and
     * silenced its notifications for {@code silenceMillis} (0: acknowledged only). False when no such
     * alarm is active (it cleared meanwhile).
     */
    boolean acknowledge(String key, long raisedAtMillis, long silenceMillis, long nowMillis) {
        Alarm alarm = active.get(key);
        if (alarm == null || alarm.raisedAtMillis() != raisedAtMillis) {
            return false;
        }
        long until = silenceMillis > 0 ? nowMillis + silenceMillis : alarm.silencedUntilMillis();
        if (silenceMillis > 0) {
            silencedUntil.put(key, until);
        }
        active.put(key, alarm.acknowledge(nowMillis, until));
        acknowledgedSincePublished = true;
        return true;
    }

    private void apply(List<Condition> conditions, long clearAfterMillis, long nowMillis) {
        boolean changed = acknowledgedSincePublished;
        acknowledgedSincePublished = false;
        silencedUntil.values().removeIf(until -> until <= nowMillis);
        for (Condition condition : conditions) {
            Alarm existing = active.get(condition.key());
            lastHeld.put(condition.key(), nowMillis);
            if (existing == null) {
                active.put(
                        condition.key(),
                        new Alarm(
                                        condition.key(),
                                        condition.kind(),
                                        condition.subject(),
                                        condition.severity(),
                                        condition.message(),
                                        nowMillis,
                                        0)
                                .acknowledge(0, silencedUntil.getOrDefault(condition.key(), 0L)));
                changed = true;
            } else if (existing.severity() != condition.severity()
                    || !existing.message().equals(condition.message())
                    || existing.goneSinceMillis() != 0) {
                active.put(condition.key(), existing.updated(condition.severity(), condition.message()));
                changed = true;
            }
        }
        var iterator = active.entrySet().iterator();
        while (iterator.hasNext()) {
            var entry = iterator.next();
            if (lastHeldNow(entry.getKey(), nowMillis)) {
                continue;
            }
            // Gone: its figures are those it held with; say so, and what the subject reads now.
            Alarm alarm = entry.getValue();
            String current = figures.getOrDefault(entry.getKey(), gone(alarm.kind()));
            if (alarm.goneSinceMillis() == 0 || !alarm.now().equals(current)) {
                alarm = alarm.gone(alarm.goneSinceMillis() == 0 ? nowMillis : alarm.goneSinceMillis(), current);
                entry.setValue(alarm);
                changed = true;
            }
            if (nowMillis - lastHeld.getOrDefault(entry.getKey(), 0L) >= clearAfterMillis) {
                iterator.remove();
                lastHeld.remove(entry.getKey());
                history.addFirst(alarm.cleared(nowMillis));
                while (history.size() > HISTORY) {
                    history.removeLast();
                }
                changed = true;
            }
        }
        if (changed) {
            List<Alarm> sorted = new ArrayList<>(active.values());
            sorted.sort((a, b) -> a.severity() != b.severity()
                    ? b.severity().compareTo(a.severity())
                    : Long.compare(b.raisedAtMillis(), a.raisedAtMillis()));
            publishedActive = List.copyOf(sorted);
            publishedRecent = List.copyOf(history);
        }
    }

    /** What a subject without a figure of its own reads once its condition is gone. */
    private static String gone(Alarm.Kind kind) {
        return switch (kind) {
            case SUSPECT -> "not suspected";
            case MIN_ACTIVE_GUARD -> "no guard decision since";
            case RECORDING -> "recording again";
            default -> "condition gone";
        };
    }

    private boolean lastHeldNow(String key, long nowMillis) {
        return lastHeld.getOrDefault(key, 0L) == nowMillis;
    }

    List<Alarm> active() {
        return publishedActive;
    }

    List<Alarm> recent() {
        return publishedRecent;
    }
}
