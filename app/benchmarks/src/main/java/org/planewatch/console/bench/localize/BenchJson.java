package org.planewatch.console.bench.localize;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The benchmark's outcomes and figures as JSON ({@code --json}). */
final class BenchJson {
    private BenchJson() {}

    static String of(long seed, List<Outcome> outcomes, Totals totals) {
        String incidents = outcomes.stream().map(BenchJson::outcome).collect(Collectors.joining(",\n    "));
        String kinds = totals.byKind().values().stream().map(BenchJson::kind).collect(Collectors.joining(",\n    "));
        String targets = totals.targets().stream()
                .map(t -> "{\"target\": %s, \"measured\": %s, \"met\": %s}"
                        .formatted(quote(t.name()), quote(t.measured()), t.met()))
                .collect(Collectors.joining(",\n    "));
        return "{\n  \"seed\": " + seed + ",\n  \"incidents\": [\n    " + incidents + "\n  ],\n  \"kinds\": [\n    "
                + kinds + "\n  ],\n  \"targets\": [\n    " + targets + "\n  ]\n}\n";
    }

    private static String outcome(Outcome o) {
        Incident i = o.incident();
        return String.format(
                Locale.ROOT,
                "{\"id\": %d, \"hosts\": %d, \"kind\": %s, \"culprits\": [%s], \"top\": %s, \"top1\": %s, \"top3\": %s,"
                        + " \"falseJudged\": %d, \"falseAnyTime\": %d, \"toTopSimUs\": %d, \"runWallMs\": %d}",
                i.id(),
                i.fabric().hosts(),
                quote(i.kind().label()),
                i.culprits().stream().map(BenchJson::quote).collect(Collectors.joining(", ")),
                quote(o.top()),
                o.top1(),
                o.top3(),
                o.falseAtEnd(),
                o.falseDuring(),
                o.toTopUs(),
                o.wallMillis());
    }

    private static String kind(Totals.KindTotals k) {
        return String.format(
                Locale.ROOT,
                "{\"kind\": %s, \"runs\": %d, \"top1\": %d, \"top3\": %d, \"falseJudged\": %d, \"falseAnyTime\": %d,"
                        + " \"named\": %d, \"medianToTopSimUs\": %d, \"maxToTopSimUs\": %d}",
                quote(k.kind().label()),
                k.runs(),
                k.top1(),
                k.top3(),
                k.falseAtEnd(),
                k.falseDuring(),
                k.named(),
                k.medianToTopUs(),
                k.maxToTopUs());
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
