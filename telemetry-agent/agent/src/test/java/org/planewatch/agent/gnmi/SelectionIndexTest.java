package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LeafDefinition;
import org.planewatch.telemetry.schema.TelemetrySchema;

/** The index answers what testing every path with {@link TelemetrySchema#selects} answers, at a cost that does not grow with the paths. */
class SelectionIndexTest {

    private static final long SEED = 16;
    private static final String[] VALUES = {"eth0", "eth1", "0", "1", "7", "data", "swp1"};

    private static SelectionBudget unlimited() {
        return new SelectionBudget(Long.MAX_VALUE, () -> false, () -> "unreachable");
    }

    @Test
    void answersWhatEveryPathAnswersOnRandomPathsAndLeaves() {
        Random random = new Random(SEED);
        List<LeafDefinition> leaves = TelemetrySchema.get().leaves();
        for (int round = 0; round < 200; round++) {
            List<PathPattern> patterns = new ArrayList<>();
            for (int i = 0; i < 1 + random.nextInt(40); i++) {
                patterns.add(pattern(leaves.get(random.nextInt(leaves.size())).template(), random));
            }
            SelectionIndex index = new SelectionIndex(patterns);
            for (int l = 0; l < 50; l++) {
                TelemetryPath leaf =
                        concrete(leaves.get(random.nextInt(leaves.size())).template(), random);
                int[] expected = IntStream.range(0, patterns.size())
                        .filter(i -> TelemetrySchema.get().selects(patterns.get(i), leaf))
                        .toArray();
                assertArrayEquals(
                        expected,
                        index.selecting(leaf, unlimited()),
                        "seed " + SEED + ", round " + round + ": " + leaf + " against " + patterns);
            }
        }
    }

    @Test
    void twentyThousandDistinctPathsCostAFewStepsPerLeaf() {
        List<PathPattern> patterns = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            patterns.add(PathPattern.parse("/interfaces/interface[name=if" + i + "]/state"));
        }
        SelectionIndex index = new SelectionIndex(patterns);
        SelectionBudget budget = unlimited();
        int[] found = index.selecting(
                TelemetryPath.parse("/interfaces/interface[name=if777]/state/counters/in-octets"), budget);
        assertArrayEquals(new int[] {777}, found);
        assertEquals(true, budget.used() < 20, "steps: " + budget.used());
    }

    @Test
    void theBudgetStopsASelectionThatCostsTooMuch() {
        List<PathPattern> patterns = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            patterns.add(PathPattern.parse("/interfaces/*[name=if" + i + "]")); // wildcard names: tested one by one
        }
        SelectionIndex index = new SelectionIndex(patterns);
        SelectionBudget budget = new SelectionBudget(10_000, () -> false, () -> "too much");
        TelemetryPath leaf = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/oper-status");
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> {
            for (int i = 0; i < 10; i++) {
                index.selecting(leaf, budget);
            }
        });
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
        SelectionBudget cancelled = new SelectionBudget(Long.MAX_VALUE, () -> true, () -> "unreachable");
        assertThrows(SelectionBudget.Cancelled.class, () -> index.selecting(leaf, cancelled));
    }

    /** A pattern that may select {@code template}'s leaves: some elements replaced by wildcards, cut short, or '...'. */
    private static PathPattern pattern(TelemetryPath template, Random random) {
        List<PathElem> out = new ArrayList<>();
        int length = random.nextInt(4) == 0 ? random.nextInt(template.size() + 1) : template.size();
        for (int i = 0; i < length; i++) {
            PathElem e = template.elem(i);
            switch (random.nextInt(10)) {
                case 0 -> out.add(PathElem.of(PathElem.ANY));
                case 1 -> {
                    out.add(PathElem.of(PathElem.ANY_DEPTH));
                    if (random.nextBoolean()) {
                        out.add(PathElem.of(PathElem.ANY_DEPTH));
                    }
                }
                case 2 -> out.add(PathElem.of(e.name())); // keys left out
                case 3 -> out.add(PathElem.of("other"));
                default -> out.add(new PathElem(e.name(), keys(e, random, true)));
            }
        }
        String origin = random.nextInt(20) == 0 ? "sim" : template.origin();
        return new PathPattern(new TelemetryPath(origin, out));
    }

    private static TelemetryPath concrete(TelemetryPath template, Random random) {
        List<PathElem> out = new ArrayList<>();
        for (PathElem e : template.elems()) {
            out.add(new PathElem(e.name(), keys(e, random, false)));
        }
        return new TelemetryPath(template.origin(), out);
    }

    private static Map<String, String> keys(PathElem e, Random random, boolean wildcards) {
        Map<String, String> keys = new HashMap<>();
        for (String k : e.keys().keySet()) {
            keys.put(k, wildcards && random.nextInt(3) == 0 ? PathElem.ANY : VALUES[random.nextInt(VALUES.length)]);
        }
        return keys;
    }
}
