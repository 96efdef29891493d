package org.planewatch.console.bench.localize;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The benchmark's figures over its outcomes: per kind, and against issue 19's targets. */
public final class Totals {

    /** One kind's figures (fabrics together). */
    public record KindTotals(
            FaultKind kind,
            int runs,
            int top1,
            int top3,
            int falseAtEnd,
            int maxFalseAtEnd,
            int falseDuring,
            int named,
            long medianToTopUs,
            long maxToTopUs) {

        public double top1Share() {
            return runs == 0 ? 0 : (double) top1 / runs;
        }

        public double top3Share() {
            return runs == 0 ? 0 : (double) top3 / runs;
        }

        public double falsePerIncident() {
            return runs == 0 ? 0 : (double) falseAtEnd / runs;
        }

        public double falseDuringPerIncident() {
            return runs == 0 ? 0 : (double) falseDuring / runs;
        }
    }

    /** One of issue 19's targets, and whether the outcomes meet it. */
    public record Target(String name, String measured, boolean met) {
        /** MET, MISSED, or NOT RUN when the plan staged no run the target speaks of. */
        public String status() {
            return measured.startsWith("0/0") || measured.endsWith(" in 0 incidents") || measured.endsWith(" in 0 runs")
                    ? "NOT RUN"
                    : met ? "MET" : "MISSED";
        }
    }

    private final Map<FaultKind, KindTotals> byKind;
    private final List<Target> targets;

    private Totals(Map<FaultKind, KindTotals> byKind, List<Target> targets) {
        this.byKind = byKind;
        this.targets = targets;
    }

    public static Totals of(List<Outcome> outcomes) {
        Map<FaultKind, List<Outcome>> grouped = new EnumMap<>(FaultKind.class);
        outcomes.forEach(o -> grouped.computeIfAbsent(o.incident().kind(), k -> new ArrayList<>())
                .add(o));
        Map<FaultKind, KindTotals> byKind = new EnumMap<>(FaultKind.class);
        grouped.forEach((kind, list) -> byKind.put(kind, kindTotals(kind, list)));
        return new Totals(byKind, targets(outcomes));
    }

    private static KindTotals kindTotals(FaultKind kind, List<Outcome> list) {
        List<Long> times =
                list.stream().map(Outcome::toTopUs).filter(t -> t >= 0).sorted().toList();
        return new KindTotals(
                kind,
                list.size(),
                (int) list.stream().filter(Outcome::top1).count(),
                (int) list.stream().filter(Outcome::top3).count(),
                list.stream().mapToInt(Outcome::falseAtEnd).sum(),
                list.stream().mapToInt(Outcome::falseAtEnd).max().orElse(0),
                list.stream().mapToInt(Outcome::falseDuring).sum(),
                times.size(),
                times.isEmpty() ? -1 : times.get(times.size() / 2),
                times.isEmpty() ? -1 : times.getLast());
    }

    private static List<Target> targets(List<Outcome> outcomes) {
        List<Target> targets = new ArrayList<>();
        List<Outcome> hard = outcomes.stream()
                .filter(o -> o.incident().kind().singleHardFailure())
                .toList();
        long hardHits = hard.stream().filter(Outcome::top1).count();
        targets.add(new Target(
                "top-1 >= 95 % for single link and switch failures",
                hardHits + "/" + hard.size() + share(hardHits, hard.size()),
                !hard.isEmpty() && hardHits >= 0.95 * hard.size()));
        List<Outcome> gray = outcomes.stream()
                .filter(o -> o.incident().kind().grayAtLeastFivePercent())
                .toList();
        long grayInTime = gray.stream()
                .filter(o -> o.toTopUs() >= 0 && o.toTopUs() <= 5_000)
                .count();
        targets.add(new Target(
                "gray links at >= 5 % loss named within 5 s at the demo's pace",
                grayInTime + "/" + gray.size(), !gray.isEmpty() && grayInTime == gray.size()));
        List<Outcome> incidents = outcomes.stream()
                .filter(o -> o.incident().kind() != FaultKind.NONE)
                .toList();
        int worst = incidents.stream().mapToInt(Outcome::falseAtEnd).max().orElse(0);
        targets.add(new Target(
                "at most one false suspect per incident (judged ranking)",
                "at most " + worst + " in " + incidents.size() + " incidents",
                !incidents.isEmpty() && worst <= 1));
        List<Outcome> clean = outcomes.stream()
                .filter(o -> o.incident().kind() == FaultKind.NONE)
                .toList();
        int cleanSuspects = clean.stream().mapToInt(Outcome::falseDuring).sum();
        targets.add(new Target(
                "zero suspects on fault-free runs (any sample)",
                cleanSuspects + " in " + clean.size() + " runs",
                !clean.isEmpty() && cleanSuspects == 0));
        return List.copyOf(targets);
    }

    private static String share(long part, int whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, " (%.1f %%)", 100.0 * part / whole);
    }

    public Map<FaultKind, KindTotals> byKind() {
        return byKind;
    }

    public List<Target> targets() {
        return targets;
    }

    public boolean allTargetsMet() {
        return targets.stream().allMatch(t -> t.met() || t.status().equals("NOT RUN"));
    }
}
