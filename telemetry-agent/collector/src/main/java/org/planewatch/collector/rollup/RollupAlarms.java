package org.planewatch.collector.rollup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.SuspectRollup;

/**
 * Alarms on the rollups, with the console's thresholds ({@link AlarmThresholds}: plane health, trim
 * rate, links down) and two of the fleet's own: each link down and each suspect. An alarm is written
 * when raised and when its severity changes, and cleared (a tombstone) once its condition has been
 * gone for {@link AlarmThresholds#clearAfter()}, as the console's alarms are. The console's alarm
 * engine judges a whole snapshot with its targets and events and is not public; the three plane
 * conditions here are its tests on the rolled-up figures.
 */
final class RollupAlarms {
    private final AlarmThresholds thresholds;
    private final Map<String, AlarmRollup> active = new LinkedHashMap<>();
    private final Map<String, Long> lastHeld = new HashMap<>();

    RollupAlarms(AlarmThresholds thresholds) {
        this.thresholds = thresholds;
    }

    List<RollupOutput> judge(
            List<PlaneRollup> planes, List<LinkRollup> linksDown, List<SuspectRollup> suspects, long now) {
        List<AlarmRollup> held = new ArrayList<>();
        for (PlaneRollup plane : planes) {
            String subject = "plane " + plane.plane();
            if (plane.pathHealth() != null && plane.pathHealth() < thresholds.minPlaneHealth()) {
                held.add(new AlarmRollup(
                        "plane-health/" + plane.plane(),
                        "PLANE_HEALTH",
                        subject,
                        plane.plane(),
                        plane.pathHealth() < thresholds.criticalPlaneHealth() ? "CRITICAL" : "MAJOR",
                        String.format(
                                Locale.ROOT,
                                "Plane %d path health %.1f%% (threshold %.1f%%): %d EVs out of service",
                                plane.plane(),
                                plane.pathHealth() * 100,
                                thresholds.minPlaneHealth() * 100,
                                plane.evsOutOfService()),
                        now));
            }
            double trims = zero(plane.lastHopTrimRate()) + zero(plane.fabricTrimRate());
            if (trims > thresholds.maxPlaneTrimRate()) {
                held.add(new AlarmRollup(
                        "trim-rate/" + plane.plane(),
                        "TRIM_RATE",
                        subject,
                        plane.plane(),
                        "WARNING",
                        String.format(
                                Locale.ROOT,
                                "Plane %d trims %.0f pkt/s (threshold %.0f): last hop %.0f, fabric %.0f",
                                plane.plane(),
                                trims,
                                thresholds.maxPlaneTrimRate(),
                                zero(plane.lastHopTrimRate()),
                                zero(plane.fabricTrimRate())),
                        now));
            }
            if (plane.linksDown() > thresholds.maxLinksDown()) {
                held.add(new AlarmRollup(
                        "links-down/" + plane.plane(),
                        "LINKS_DOWN",
                        subject,
                        plane.plane(),
                        "MAJOR",
                        "Plane " + plane.plane() + ": " + plane.linksDown() + " of " + plane.linksTotal()
                                + " links down (threshold " + thresholds.maxLinksDown() + ")",
                        now));
            }
        }
        for (LinkRollup link : linksDown) {
            held.add(new AlarmRollup(
                    "link-down/" + link.link(),
                    "LINK_DOWN",
                    link.link(),
                    link.plane(),
                    "MAJOR",
                    "Plane " + link.plane() + ": link " + link.link() + " is down",
                    now));
        }
        for (SuspectRollup suspect : suspects) {
            held.add(new AlarmRollup(
                    "suspect/" + suspect.name(),
                    "SUSPECT",
                    suspect.name(),
                    suspect.plane(),
                    "MAJOR",
                    suspect.description(),
                    now));
        }
        List<RollupOutput> out = new ArrayList<>();
        for (AlarmRollup alarm : held) {
            lastHeld.put(alarm.key(), now);
            AlarmRollup before = active.get(alarm.key());
            // Written again when its figures change, not only its severity: a console shows the message,
            // and "5 hosts" beside a suspect now failing 16 hosts' paths is a figure the tiles contradict.
            if (before == null
                    || !before.severity().equals(alarm.severity())
                    || !before.message().equals(alarm.message())) {
                AlarmRollup raised = before == null ? alarm : withRaisedAt(alarm, before.raisedAtMillis());
                active.put(alarm.key(), raised);
                out.add(new RollupOutput(RollupOutput.Kind.ALARMS, alarm.key(), raised));
            }
        }
        Iterator<Map.Entry<String, AlarmRollup>> it = active.entrySet().iterator();
        while (it.hasNext()) {
            String key = it.next().getKey();
            if (now - lastHeld.get(key) >= thresholds.clearAfter().toMillis() && lastHeld.get(key) != now) {
                it.remove();
                lastHeld.remove(key);
                out.add(new RollupOutput(RollupOutput.Kind.ALARMS, key, null));
            }
        }
        return out;
    }

    private static AlarmRollup withRaisedAt(AlarmRollup alarm, long raisedAt) {
        return new AlarmRollup(
                alarm.key(), alarm.kind(), alarm.subject(), alarm.plane(), alarm.severity(), alarm.message(), raisedAt);
    }

    private static double zero(Double value) {
        return value == null ? 0 : value;
    }
}
