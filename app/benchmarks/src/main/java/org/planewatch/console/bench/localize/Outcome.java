package org.planewatch.console.bench.localize;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How the console did on one incident, judged on its samples.
 *
 * <p>The ranking judged is the last one before the run ends, the fault still on. With {@code k}
 * culprits (1, or 2 for two failures in different planes), a top-1 hit is the first {@code k}
 * suspects being exactly the culprits, a top-3 hit every culprit among the first {@code k + 2}.
 * A false suspect is any suspect that is not a culprit (a link of a rebooted switch included).
 *
 * @param incident what was staged
 * @param top the judged ranking's first suspect, or "none"
 * @param top1 whether the judged ranking's first {@code k} are the culprits (false on a fault-free run)
 * @param top3 whether every culprit is among the judged ranking's first {@code k + 2}
 * @param falseAtEnd suspects in the judged ranking that are not culprits
 * @param falseDuring distinct non-culprits ranked at any sample from the fault's start (the
 *     moments as a fault begins included)
 * @param toTopUs simulated us from the fault's start to the first sample whose first {@code k} are
 *     the culprits, or -1 if none was
 * @param samples samples taken from the fault's start
 * @param wallMillis wall time of the run, connecting included
 */
public record Outcome(
        Incident incident,
        String top,
        boolean top1,
        boolean top3,
        int falseAtEnd,
        int falseDuring,
        long toTopUs,
        int samples,
        long wallMillis) {

    /** Judges {@code samples} (oldest first) of {@code incident}. */
    public static Outcome judge(Incident incident, List<Sample> samples, long wallMillis) {
        Set<String> culprits = new HashSet<>(incident.culprits());
        int k = culprits.size();
        Sample judged = null;
        Set<String> falseDuring = new LinkedHashSet<>();
        long toTop = -1;
        int counted = 0;
        for (Sample s : samples) {
            if (s.simUs() < incident.faultAtUs()) {
                continue;
            }
            counted++;
            judged = s;
            for (String name : s.suspects()) {
                if (!culprits.contains(name)) {
                    falseDuring.add(name);
                }
            }
            if (toTop < 0 && k > 0 && firstAreCulprits(s.suspects(), culprits)) {
                toTop = s.simUs() - incident.faultAtUs();
            }
        }
        List<String> ranking = judged == null ? List.of() : judged.suspects();
        boolean top1 = k > 0 && firstAreCulprits(ranking, culprits);
        boolean top3 =
                k > 0 && ranking.subList(0, Math.min(ranking.size(), k + 2)).containsAll(culprits);
        int falseAtEnd =
                (int) ranking.stream().filter(n -> !culprits.contains(n)).count();
        String top = ranking.isEmpty() ? "none" : ranking.getFirst();
        return new Outcome(incident, top, top1, top3, falseAtEnd, falseDuring.size(), toTop, counted, wallMillis);
    }

    private static boolean firstAreCulprits(List<String> ranking, Set<String> culprits) {
        return ranking.size() >= culprits.size() && new HashSet<>(ranking.subList(0, culprits.size())).equals(culprits);
    }

    /** Seconds of wall time at the demo's pace (one simulated ms a second) to the correct top suspect. */
    public double toTopDemoSeconds() {
        return toTopUs < 0 ? -1 : toTopUs / 1000.0;
    }
}
