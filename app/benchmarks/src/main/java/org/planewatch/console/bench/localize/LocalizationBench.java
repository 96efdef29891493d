package org.planewatch.console.bench.localize;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Accuracy benchmark of the console's suspect ranking (issue 19, item 4): stages incidents on
 * 512- and 2048-host simulated fabrics, runs each through simulator -> agent (gNMI on loopback)
 * -> live session, and prints a table of what the console named, then the figures per kind and
 * against the targets.
 *
 * <pre>
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.localize.LocalizationBench \
 *     [--quick] [--seed N] [--fabric 512|2048|32] [--kinds k1,k2] [--per-kind N] [--incidents 3,7]
 *     [--json out.json] [--csv out.csv]
 * </pre>
 *
 * {@code --incidents} keeps only the runs of the plan with those numbers, staged exactly as in the
 * whole plan (same elements, same simulator seeds): a run the machine could not carry through is
 * run again alone. {@code --judge-csv a.csv,b.csv} runs nothing: it reads the outcomes earlier runs
 * of the same plan wrote with {@code --csv} (a later file's row replaces an earlier one of the same
 * run) and prints the table and the figures of them all, by the same rules.
 *
 * Without options: the full plan (both fabrics, 72 incidents, 20 fault-free runs), seed 19. The
 * incidents run one after the other (a run is timed); a 512-host incident takes about 8 s, a
 * 2048-host one 10 to 30 s on a loaded 2-core machine.
 */
public final class LocalizationBench {
    /** The seed whose incidents the published figures are judged on (never used to set constants). */
    public static final long JUDGED_SEED = 19;

    private LocalizationBench() {}

    /** The outcomes of a run and their figures. */
    public record Report(List<Outcome> outcomes, Totals totals) {}

    public static void main(String[] args) throws Exception {
        try {
            run(args, System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("LocalizationBench: " + e.getMessage());
            System.exit(2);
        }
    }

    /** The runs {@code args} describe, in the order they would run; bad options throw IllegalArgumentException. */
    static List<Incident> plan(String[] args) {
        return Options.parse(args).plan();
    }

    /** Runs the plan {@code args} describe, printing to {@code out}; bad options throw IllegalArgumentException. */
    public static Report run(String[] args, PrintStream out) throws IOException, InterruptedException {
        Options options = Options.parse(args);
        if (options.judgeCsv != null) {
            return judgeSaved(options, out);
        }
        List<Incident> plan = options.plan();
        out.printf(
                Locale.ROOT,
                "localization benchmark: %d runs, seed %d, judged %d simulated us after each fault starts%n",
                plan.size(),
                options.seed,
                IncidentPlan.END_US - IncidentPlan.FAULT_AT_US);
        out.println(header());
        List<Outcome> outcomes = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Incident incident : plan) {
            long started = System.nanoTime();
            List<Sample> samples;
            try {
                samples = IncidentRunner.run(incident);
            } catch (IllegalStateException e) {
                // A run the machine could not carry through (no sync, the simulation too slow): said, not judged.
                failed.add(incident.id() + ": " + e.getMessage());
                out.println("| " + incident.id() + " | " + incident.fabric().hosts() + " | "
                        + incident.kind().label() + " | not run: " + e.getMessage() + " |");
                continue;
            }
            Outcome outcome = Outcome.judge(incident, samples, (System.nanoTime() - started) / 1_000_000);
            outcomes.add(outcome);
            out.println(row(outcome));
            out.flush();
        }
        Totals totals = Totals.of(outcomes);
        printTotals(totals, out);
        failed.forEach(f -> out.println("not run: " + f));
        if (options.json != null) {
            Files.writeString(options.json, BenchJson.of(options.seed, outcomes, totals));
        }
        if (options.csv != null) {
            Files.writeString(options.csv, csv(outcomes));
        }
        return new Report(List.copyOf(outcomes), totals);
    }

    /** The outcomes the CSV files hold, judged as one run of the plan the options describe. */
    private static Report judgeSaved(Options options, PrintStream out) throws IOException {
        List<Incident> plan = options.plan();
        Map<Integer, Outcome> byId = new TreeMap<>();
        for (Path file : options.judgeCsv) {
            SavedOutcomes.read(file, plan).forEach(o -> byId.put(o.incident().id(), o));
        }
        List<Outcome> outcomes = List.copyOf(byId.values());
        out.printf(
                Locale.ROOT,
                "localization benchmark, judged from %s: %d of the plan's %d runs, seed %d%n",
                options.judgeCsv,
                outcomes.size(),
                plan.size(),
                options.seed);
        out.println(header());
        outcomes.forEach(o -> out.println(row(o)));
        Totals totals = Totals.of(outcomes);
        printTotals(totals, out);
        return new Report(outcomes, totals);
    }

    static String header() {
        return "| # | hosts | kind | faulted element | top suspect (judged) | top-1 | top-3 | false (judged) "
                + "| false (any time) | to correct top: sim us | demo wall s | run wall s |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|";
    }

    static String row(Outcome o) {
        Incident i = o.incident();
        boolean clean = i.kind() == FaultKind.NONE;
        return String.format(
                Locale.ROOT,
                "| %d | %d | %s | %s | %s | %s | %s | %d | %d | %s | %s | %.1f |",
                i.id(),
                i.fabric().hosts(),
                i.kind().label(),
                clean ? "-" : String.join(" + ", i.culprits()),
                o.top(),
                clean ? "-" : yes(o.top1()),
                clean ? "-" : yes(o.top3()),
                o.falseAtEnd(),
                o.falseDuring(),
                clean ? "-" : o.toTopUs() < 0 ? "never" : Long.toString(o.toTopUs()),
                clean ? "-" : o.toTopUs() < 0 ? "never" : String.format(Locale.ROOT, "%.2f", o.toTopDemoSeconds()),
                o.wallMillis() / 1000.0);
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    private static void printTotals(Totals totals, PrintStream out) {
        out.println();
        out.println("| kind | runs | top-1 | top-3 | false suspects per incident (judged; max) "
                + "| false suspects per incident (any time) | to correct top: median / max sim us (named) |");
        out.println("|---|---|---|---|---|---|---|");
        for (Totals.KindTotals k : totals.byKind().values()) {
            boolean clean = k.kind() == FaultKind.NONE;
            out.printf(
                    Locale.ROOT,
                    "| %s | %d | %s | %s | %.2f; %d | %.2f | %s |%n",
                    k.kind().label(),
                    k.runs(),
                    clean ? "-" : fraction(k.top1(), k.runs()),
                    clean ? "-" : fraction(k.top3(), k.runs()),
                    k.falsePerIncident(),
                    k.maxFalseAtEnd(),
                    k.falseDuringPerIncident(),
                    clean || k.named() == 0
                            ? "-"
                            : k.medianToTopUs() + " / " + k.maxToTopUs() + " (" + k.named() + "/" + k.runs() + ")");
        }
        out.println();
        for (Totals.Target t : totals.targets()) {
            out.printf("target %s: %s: %s%n", t.status(), t.name(), t.measured());
        }
    }

    private static String fraction(int part, int whole) {
        return String.format(Locale.ROOT, "%d/%d (%.0f %%)", part, whole, 100.0 * part / whole);
    }

    private static String csv(List<Outcome> outcomes) {
        StringBuilder csv = new StringBuilder(SavedOutcomes.HEADER + "\n");
        for (Outcome o : outcomes) {
            Incident i = o.incident();
            csv.append(String.join(
                            ",",
                            Integer.toString(i.id()),
                            Integer.toString(i.fabric().hosts()),
                            i.kind().label(),
                            String.join(" + ", i.culprits()),
                            o.top(),
                            Boolean.toString(o.top1()),
                            Boolean.toString(o.top3()),
                            Integer.toString(o.falseAtEnd()),
                            Integer.toString(o.falseDuring()),
                            Long.toString(o.toTopUs()),
                            Long.toString(o.wallMillis())))
                    .append('\n');
        }
        return csv.toString();
    }

    /** The command line. */
    private static final class Options {
        long seed = JUDGED_SEED;
        boolean quick;
        List<BenchFabric> fabrics;
        List<FaultKind> kinds;
        int perKind = -1;
        Path json;
        Path csv;
        List<Integer> incidents;
        List<Path> judgeCsv;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "--quick" -> o.quick = true;
                    case "--seed" -> o.seed = number(arg, value(args, ++i, arg));
                    case "--fabric" ->
                        o.fabrics = Arrays.stream(value(args, ++i, arg).split(","))
                                .map(Options::fabric)
                                .toList();
                    case "--kinds" ->
                        o.kinds = Arrays.stream(value(args, ++i, arg).split(","))
                                .map(FaultKind::parse)
                                .toList();
                    case "--per-kind" -> {
                        long n = number(arg, value(args, ++i, arg));
                        if (n < 1 || n > 100) {
                            throw new IllegalArgumentException("--per-kind must be 1 to 100, got " + n);
                        }
                        o.perKind = (int) n;
                    }
                    case "--incidents" ->
                        o.incidents = Arrays.stream(value(args, ++i, arg).split(","))
                                .map(n -> (int) number(arg, n.strip()))
                                .toList();
                    case "--judge-csv" ->
                        o.judgeCsv = Arrays.stream(value(args, ++i, arg).split(","))
                                .map(f -> Path.of(f.strip()))
                                .toList();
                    case "--json" -> o.json = Path.of(value(args, ++i, arg));
                    case "--csv" -> o.csv = Path.of(value(args, ++i, arg));
                    default ->
                        throw new IllegalArgumentException(
                                "unknown option '" + arg + "'; options are --quick,"
                                        + " --seed N, --fabric 512|2048|32, --kinds k1,k2, --per-kind N, --incidents N1,N2, --judge-csv F1,F2, --json FILE, --csv FILE");
                }
            }
            return o;
        }

        List<Incident> plan() {
            List<Incident> whole = wholePlan();
            if (incidents == null) {
                return whole;
            }
            for (int id : incidents) {
                if (id < 1 || id > whole.size()) {
                    throw new IllegalArgumentException(
                            "--incidents: no run " + id + " in this plan, which numbers its runs 1 to " + whole.size());
                }
            }
            return whole.stream().filter(i -> incidents.contains(i.id())).toList();
        }

        private List<Incident> wholePlan() {
            if (fabrics == null && kinds == null && perKind < 0) {
                return quick ? IncidentPlan.quick(seed) : IncidentPlan.full(seed);
            }
            List<BenchFabric> f = fabrics != null
                    ? fabrics
                    : quick ? List.of(BenchFabric.HOSTS_512) : List.of(BenchFabric.HOSTS_512, BenchFabric.HOSTS_2048);
            List<FaultKind> k = kinds != null ? kinds : List.of(FaultKind.values());
            return IncidentPlan.plan(seed, f, perKind > 0 ? perKind : 1, k);
        }

        private static BenchFabric fabric(String hosts) {
            return switch (hosts) {
                case "512" -> BenchFabric.HOSTS_512;
                case "2048" -> BenchFabric.HOSTS_2048;
                case "32" -> BenchFabric.TINY;
                default ->
                    throw new IllegalArgumentException("--fabric takes 512, 2048 or 32 (hosts), got '" + hosts + "'");
            };
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static long number(String option, String text) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " takes a whole number, got '" + text + "'");
            }
        }
    }
}
