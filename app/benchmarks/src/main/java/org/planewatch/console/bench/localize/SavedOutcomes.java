package org.planewatch.console.bench.localize;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Outcomes read back from a {@code --csv} file of an earlier run, checked against the plan they
 * came from: a row whose run, kind or faulted elements differ from the plan's (another seed, an
 * edited file) is refused with its file and line, so saved runs are only ever judged as what they were.
 */
final class SavedOutcomes {
    static final String HEADER = "id,hosts,kind,culprits,top,top1,top3,falseJudged,falseAnyTime,toTopSimUs,runWallMs";

    private SavedOutcomes() {}

    static List<Outcome> read(Path file, List<Incident> plan) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.getFirst().equals(HEADER)) {
            throw new IllegalArgumentException(
                    file + ":1: not a LocalizationBench --csv file (its header is '" + HEADER + "')");
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (int n = 2; n <= lines.size(); n++) {
            String line = lines.get(n - 1);
            if (!line.isBlank()) {
                outcomes.add(outcome(line, plan, file + ":" + n));
            }
        }
        return outcomes;
    }

    private static Outcome outcome(String line, List<Incident> plan, String where) {
        String[] f = line.split(",", -1);
        if (f.length != 11) {
            throw new IllegalArgumentException(where + ": " + f.length + " fields, expected 11");
        }
        int id = (int) number(f[0], where, "the run's number");
        if (id < 1 || id > plan.size()) {
            throw new IllegalArgumentException(
                    where + ": run " + id + " is not in the plan, which numbers its runs 1 to " + plan.size());
        }
        Incident incident = plan.get(id - 1);
        String culprits = String.join(" + ", incident.culprits());
        if (!f[2].equals(incident.kind().label()) || !f[3].equals(culprits)) {
            throw new IllegalArgumentException(where + ": run " + id + " is " + f[2] + " on '" + f[3]
                    + "' here but " + incident.kind().label() + " on '" + culprits
                    + "' in the plan (another seed or plan?)");
        }
        return new Outcome(
                incident,
                f[4],
                Boolean.parseBoolean(f[5]),
                Boolean.parseBoolean(f[6]),
                (int) number(f[7], where, "falseJudged"),
                (int) number(f[8], where, "falseAnyTime"),
                number(f[9], where, "toTopSimUs"),
                0,
                number(f[10], where, "runWallMs"));
    }

    private static long number(String text, String where, String field) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + field + " is not a whole number: '" + text + "'");
        }
    }
}
