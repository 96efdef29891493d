package org.planewatch.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.limits.ScenarioFootprint;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Resilience, in real JVMs with small heaps: the issue's scenarios that passed validation and then
 * died with an OutOfMemoryError either run (a flap of two billion periods) or are refused up front
 * with one line; and at the heap limit, the largest scenario the estimate accepts runs a slice
 * within that heap while the next size up is refused naming the estimate and the heap.
 */
class ScenarioLimitsProcessTest {

    private static final String HEAP = "256m";

    /** Far past any fabric that fits {@link #HEAP}: where the search for the edge gives up. */
    private static final int MAX_T0_SEARCHED = 4096;

    private static final HeapBudget BUDGET = new HeapBudget(256L << 20);

    @TempDir
    Path dir;

    private Path scenario(String name, String yaml) throws IOException {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, "name: " + name + "\n" + yaml);
        return file;
    }

    private static void assertRefusedInOneLine(SimProcess run, String file, String... fragments) {
        assertEquals(2, run.exitCode(), run.err());
        String message = run.err().strip();
        assertTrue(message.startsWith(file + ":"), message);
        assertFalse(message.contains("\n") || message.contains("Exception") || message.contains("\tat "), message);
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), "'" + fragment + "' in: " + message);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFlapOfTwoBillionPeriodsRunsInASmallHeap() throws Exception {
        Path file = scenario(
                "flap",
                "fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}\n"
                        + "workload: {type: permutation, messageBytes: 65536}\n"
                        + "faults:\n  - {atUs: 1, link: p0-t0-0~p0-t1-0, action: flap, periodUs: 40, downUs: 15, count: 2000000000}\n"
                        + "durationUs: 200\n");

        SimProcess run = SimProcess.run(dir, "64m", 50, "run", file.toString(), "--quiet");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("flap: 200.000 us simulated"), run.out());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theIssuesFabricsTooLargeForAnyHeapAreRefusedUpFront() throws Exception {
        Path million = scenario(
                "million",
                "fabric: {planes: 500, hostsPerT0: 1000, t0PerPlane: 1000, t1PerPlane: 16}\n"
                        + "workload: {type: permutation}\n");
        Path planes = scenario(
                "planes",
                "fabric: {planes: 8, hostsPerT0: 512, t0PerPlane: 12500, t1PerPlane: 256}\n"
                        + "workload: {type: permutation}\n");

        assertRefusedInOneLine(
                SimProcess.run(dir, HEAP, 50, "run", million.toString()),
                million.toString(),
                "fabric.planes",
                "1,016,000,000 switch and NIC ports; the limit is 126,322,567");
        assertRefusedInOneLine(
                SimProcess.run(dir, HEAP, 50, "run", planes.toString()),
                planes.toString(),
                "fabric.planes",
                "153,600,000 switch and NIC ports; the limit is 126,322,567");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void atTheHeapLimitTheLargestAcceptedFabricRunsAndTheNextIsRefused() throws Exception {
        assertEdge(
                "fabric",
                t0 -> "fabric: {planes: 8, hostsPerT0: 64, t0PerPlane: " + t0 + ", t1PerPlane: 64}\n"
                        + "workload: {type: permutation, messageBytes: 65536, hosts: 2}\ndurationUs: 5\n",
                "fabric:");
        assertEdge(
                "permutation",
                t0 -> "fabric: {planes: 8, hostsPerT0: 16, t0PerPlane: " + t0 + ", t1PerPlane: 16}\n"
                        + "workload: {type: permutation, messageBytes: 1048576}\ndurationUs: 5\n",
                "workload:");
    }

    @Test
    @Tag("slow")
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void atTheHeapLimitTheLargestAcceptedIncastAndAllToAllRunToCompletion() throws Exception {
        assertEdge(
                "incast",
                t0 -> "fabric: {planes: 4, hostsPerT0: 16, t0PerPlane: " + t0 + ", t1PerPlane: 16}\n"
                        + "workload: {type: incast, messageBytes: 262144}\n",
                "workload:");
        assertEdge(
                "alltoall",
                t0 -> "fabric: {planes: 4, hostsPerT0: 8, t0PerPlane: " + t0 + ", t1PerPlane: 8}\n"
                        + "workload: {type: alltoall, messageBytes: 65536}\n",
                "workload:");
    }

    /**
     * Finds the largest size (T0s per plane) the estimate accepts in {@link #HEAP}, runs it there,
     * and checks that one T0 more is refused at {@code refusedKey}.
     */
    private void assertEdge(String name, IntFunction<String> yamlOfSize, String refusedKey) throws Exception {
        int size = 1;
        // Bounded search: an estimate that never refuses fails here instead of looping on.
        while (size < MAX_T0_SEARCHED && fits(yamlOfSize.apply(size + 1))) {
            size++;
        }
        assertTrue(size < MAX_T0_SEARCHED, "the estimate still fits " + MAX_T0_SEARCHED + " T0s per plane for " + name);
        Path accepted = scenario(name + "-" + size, yamlOfSize.apply(size));
        Path refused = scenario(name + "-" + (size + 1), yamlOfSize.apply(size + 1));

        SimProcess run = SimProcess.run(dir, HEAP, 300, "run", accepted.toString(), "--quiet");
        assertEquals(
                0,
                run.exitCode(),
                "the largest accepted " + name + " (t0PerPlane " + size + ") runs in " + HEAP + ": " + run.err());
        assertRefusedInOneLine(
                SimProcess.run(dir, HEAP, 60, "run", refused.toString()),
                refused.toString(),
                refusedKey,
                "of heap (",
                "this JVM has 256 MB (-Xmx); the limit is 80 % of it");
    }

    private boolean fits(String yaml) throws ScenarioException {
        Scenario scenario = ScenarioLoader.parse("name: edge\n" + yaml, "edge.yaml", dir, HeapBudget.unlimited());
        return BUDGET.fits(ScenarioFootprint.estimate(scenario, BUDGET));
    }
}
