package org.planewatch.sim.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Resilience: every hard limit of docs/scenarios.md, at the limit and one step past it. At the
 * limit a scenario loads, and when it fits the test's heap budget it runs a slice of events; past
 * it, it is refused before anything is built, naming the key, the value and the limit.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScenarioLimitsTest {

    /** Small enough that a scenario that loads with it runs here on any machine. */
    private static final HeapBudget BUDGET = new HeapBudget(256L << 20);

    /** Far past any fabric that fits {@link #BUDGET}: where the search for the edge gives up. */
    private static final int MAX_T0_SEARCHED = 4096;

    private static final String SMALL = "fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}\n";
    private static final String PERMUTATION = "workload: {type: permutation, messageBytes: 65536}\n";

    @TempDir
    Path dir;

    private Scenario load(String yaml, HeapBudget budget) throws ScenarioException {
        return ScenarioLoader.parse("name: limits\n" + yaml.replace("\\n", "\n") + "\n", "limits.yaml", dir, budget);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ports at the limit | fabric: {planes: 3, hostsPerT0: 45067, t0PerPlane: 467, t1PerPlane: 16}\\nworkload: {type: permutation, hosts: 2}
            T0 ports at the limit | fabric: {planes: 1, hostsPerT0: 2097136, t0PerPlane: 1, t1PerPlane: 16}\\nworkload: {type: permutation, hosts: 2}
            T1 ports at the limit | fabric: {planes: 1, hostsPerT0: 1, t0PerPlane: 2097152, t1PerPlane: 1}\\nworkload: {type: permutation, hosts: 2}
            QPs at the limit | fabric: {planes: 1, hostsPerT0: 46341, t0PerPlane: 1, t1PerPlane: 1}\\nworkload: {type: alltoall, hosts: 46341}
            packets of a message at the limit | fabric: {mtuBytes: 4096}\\nworkload: {type: permutation, messageBytes: 8796093018112}
            packets of a QP at the limit | workload: {type: permutation, messageBytes: 4194304, repeat: 2097151}
            """)
    void atAStructuralLimitAScenarioLoads(String what, String yaml) throws ScenarioException {
        Scenario scenario = load(yaml, HeapBudget.unlimited());
        assertEquals("limits", scenario.name());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            duration at the limit | durationUs: 1000000000
            fault time at the limit | faults: [{atUs: 1000000000, plane: 1, action: down}]
            link delay at the limit | `fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, linkDelayNs: 1000000000000}`
            EVs per QP at the limit | `transport: {evsPerQp: 32767}`
            QP timer at the limit | `transport: {qpTimerExponent: 29}`
            slowest link | `fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, linkGbps: 0.001}`
            fastest link | `fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, linkGbps: 1000000}`
            largest packet | `fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, mtuBytes: 1048576}`
            flap of the largest count | faults: [{atUs: 1, link: p0-t0-0~p0-t1-0, action: flap, periodUs: 2, downUs: 1, count: 2147483647}]
            """)
    void atACheapLimitAScenarioLoadsAndRuns(String what, String extra) throws ScenarioException {
        Scenario scenario = load((extra.startsWith("fabric") ? "" : SMALL) + PERMUTATION + extra, BUDGET);
        Simulation simulation = Simulation.build(scenario);
        for (int events = 0; events < 20_000 && simulation.step(); events++) {
            // a slice of the run: every value at its limit must survive being simulated
        }
        assertTrue(simulation.eventsProcessed() > 0);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ports past the limit | fabric: {planes: 3, hostsPerT0: 45068, t0PerPlane: 467, t1PerPlane: 16}\\nworkload: {type: permutation, hosts: 2} \
              | limits.yaml:2: fabric.planes: fabric too large: planes 3 x (hostsPerT0 x t0PerPlane = 21,046,756 hosts + t0PerPlane x t1PerPlane = 7,472 T0-T1 links) x 2 = 126,325,368 switch and NIC ports; the limit is 126,322,567 (per-port state is one array of 17 longs a port)
            the issue's 500 planes of a million hosts | fabric: {planes: 500, hostsPerT0: 1000, t0PerPlane: 1000, t1PerPlane: 16}\\nworkload: {type: permutation} \
              | limits.yaml:2: fabric.planes: fabric too large: planes 500 x (hostsPerT0 x t0PerPlane = 1,000,000 hosts + t0PerPlane x t1PerPlane = 16,000 T0-T1 links) x 2 = 1,016,000,000 switch and NIC ports; the limit is 126,322,567 (per-port state is one array of 17 longs a port)
            the issue's 8 planes of 6.4 M hosts | fabric: {planes: 8, hostsPerT0: 512, t0PerPlane: 12500, t1PerPlane: 256}\\nworkload: {type: permutation} \
              | limits.yaml:2: fabric.planes: fabric too large: planes 8 x (hostsPerT0 x t0PerPlane = 6,400,000 hosts + t0PerPlane x t1PerPlane = 3,200,000 T0-T1 links) x 2 = 153,600,000 switch and NIC ports; the limit is 126,322,567 (per-port state is one array of 17 longs a port)
            T0 ports past the limit | fabric: {planes: 1, hostsPerT0: 2097137, t0PerPlane: 1, t1PerPlane: 16}\\nworkload: {type: permutation, hosts: 2} \
              | limits.yaml:2: fabric.hostsPerT0: a T0 switch has hostsPerT0 + t1PerPlane = 2,097,153 ports; the limit is 2,097,152 (source routes carry port numbers in 21 bits)
            T1 ports past the limit | fabric: {planes: 1, hostsPerT0: 1, t0PerPlane: 2097153, t1PerPlane: 1}\\nworkload: {type: permutation, hosts: 2} \
              | limits.yaml:2: fabric.t0PerPlane: a T1 switch has t0PerPlane = 2,097,153 ports; the limit is 2,097,152 (source routes carry port numbers in 21 bits)
            QPs past the limit | fabric: {planes: 1, hostsPerT0: 46342, t0PerPlane: 1, t1PerPlane: 1}\\nworkload: {type: alltoall, hosts: 46342} \
              | limits.yaml:3: workload: alltoall over 46,342 hosts opens 2,147,534,622 QPs; the limit is 2,147,483,639 (QPs are numbered by an int)
            packets of a message past the limit | fabric: {mtuBytes: 4096}\\nworkload: {type: permutation, messageBytes: 8796093018113} \
              | limits.yaml:3: workload.messageBytes: each QP carries 2,147,483,648 packets a message (largest message 8,796,093,018,113 B / mtuBytes 4096) x 1 messages = 2,147,483,648 packets; the limit is 2,147,483,647 a QP (PSNs are 32-bit)
            packets of a QP past the limit | workload: {type: permutation, messageBytes: 4194304, repeat: 2097152} \
              | limits.yaml:2: workload.repeat: each QP carries 1,024 packets a message (largest message 4,194,304 B / mtuBytes 4096) x 2,097,152 messages = 2,147,483,648 packets; the limit is 2,147,483,647 a QP (PSNs are 32-bit)
            duration past the limit | workload: {type: permutation}\\ndurationUs: 1000000001 \
              | limits.yaml:3: durationUs: must be <= 1,000,000,000 us (1000 s, the longest simulated time), got 1000000001
            fault time past the limit | workload: {type: permutation}\\nfaults: [{atUs: 1000000000.5, plane: 1, action: down}] \
              | limits.yaml:3: faults[0].atUs: must be <= 1,000,000,000 us (1000 s, the longest simulated time), got 1000000000.5
            link delay past the limit | fabric: {linkDelayNs: 1000000000001}\\nworkload: {type: permutation} \
              | limits.yaml:2: fabric.linkDelayNs: must be <= 1,000,000,000,000 (1000 s, the longest simulated time), got 1,000,000,000,001
            EVs per QP past the limit | transport: {evsPerQp: 32768}\\nworkload: {type: permutation} \
              | limits.yaml:2: transport.evsPerQp: must be <= 32,767 (packets carry EV numbers in 16 bits), got 32,768
            QP timer past the limit | transport: {qpTimerExponent: 30}\\nworkload: {type: permutation} \
              | limits.yaml:2: transport.qpTimerExponent: must be <= 29 (1.024 us x 2^29 = 550 s, within the longest simulated time), got 30
            link too slow | fabric: {linkGbps: 0.0009}\\nworkload: {type: permutation} \
              | limits.yaml:2: fabric.linkGbps: must be in [0.001, 1,000,000], got 9.0E-4
            link too fast | fabric: {linkGbps: 1000001}\\nworkload: {type: permutation} \
              | limits.yaml:2: fabric.linkGbps: must be in [0.001, 1,000,000], got 1000001.0
            packet too large | fabric: {mtuBytes: 1048577}\\nworkload: {type: permutation} \
              | limits.yaml:2: fabric.mtuBytes: must be <= 1,048,576 (1 MiB), got 1,048,577
            """)
    void pastALimitAScenarioIsRefusedNamingKeyValueAndLimit(String what, String yaml, String expected) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> load(yaml, HeapBudget.unlimited()));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void aMatrixDeclaringMoreConnectionsThanTheLimitIsRefusedAtItsHeaderBeforeItsLinesAreRead() throws IOException {
        Files.writeString(dir.resolve("huge.cm"), "Nodes 64\nConnections 16777215\n0->1 id 1 start 0 size 100\n");
        ScenarioException e = assertThrows(
                ScenarioException.class,
                () -> load(
                        SMALL.replace("t0PerPlane: 2", "t0PerPlane: 16")
                                + "workload: {type: matrix, connectionMatrix: huge.cm}",
                        HeapBudget.unlimited()));
        assertEquals(
                "limits.yaml:3: workload.connectionMatrix: " + dir.resolve("huge.cm")
                        + ":2: Connections 16,777,215: the limit is 16,777,214 (a flow that starts later is a timer with a"
                        + " 24-bit argument)",
                e.getMessage());
    }

    @Test
    void aMatrixTooLargeForTheHeapIsRefusedAtItsHeader() throws IOException {
        Files.writeString(dir.resolve("big.cm"), "Nodes 64\nConnections 1000000\n0->1 id 1 start 0 size 100\n");
        ScenarioException e = assertThrows(
                ScenarioException.class,
                () -> load(
                        SMALL.replace("t0PerPlane: 2", "t0PerPlane: 16")
                                + "workload: {type: matrix, connectionMatrix: big.cm}",
                        BUDGET));
        assertTrue(
                e.getMessage()
                        .startsWith("limits.yaml:3: workload.connectionMatrix: " + dir.resolve("big.cm")
                                + ":2: Connections 1,000,000: the limit is "),
                e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains("each connection is a QP of at least 12 KB with evsPerQp 256, and this JVM"
                                + " has 256 MB (-Xmx), of which a scenario may use 80 %"),
                e.getMessage());
    }

    @Test
    void aScenarioBeyondTheHeapIsRefusedNamingWhatDrivesItTheEstimateAndTheHeap() {
        ScenarioException e = assertThrows(
                ScenarioException.class,
                () -> load(
                        "fabric: {planes: 8, hostsPerT0: 64, t0PerPlane: 128, t1PerPlane: 64}\n" + PERMUTATION,
                        BUDGET));
        assertTrue(
                e.getMessage()
                        .matches(
                                "limits\\.yaml:3: workload: permutation over 8,192 hosts: 8,192 QPs x evsPerQp 256, "
                                        + "messages of 65,536 B: needs about [0-9]+ MB of heap \\(QPs [0-9]+ MB, .*\\), this JVM has 256 MB \\(-Xmx\\); "
                                        + "the limit is 80 % of it, 205 MB: run java with a larger -Xmx or make the scenario smaller"),
                e.getMessage());
    }

    @Test
    void figuresThatRoundAlikeAreShownWithMoreDigits() {
        double mb = 1024 * 1024;
        assertEquals(List.of("205.3 MB", "204.8 MB"), List.of(MemoryEstimate.distinct(205.3 * mb, 204.8 * mb)));
        assertEquals(List.of("226 MB", "205 MB"), List.of(MemoryEstimate.distinct(226 * mb, 204.8 * mb)));
        assertEquals(
                List.of("12.83 GB", "12.80 GB"), List.of(MemoryEstimate.distinct(12.83 * 1024 * mb, 12.8 * 1024 * mb)));
    }

    @Test
    void theEstimateDecidesAtTheBudgetsEdge() throws ScenarioException {
        String fabric =
                "fabric: {planes: 8, hostsPerT0: 64, t0PerPlane: %d, t1PerPlane: 64}\nworkload: {type: permutation, hosts: 2}\n";
        int fitting = 1;
        // Bounded search: an estimate that never refuses fails here instead of looping on.
        while (fitting < MAX_T0_SEARCHED && fits(load(fabric.formatted(fitting + 1), HeapBudget.unlimited()))) {
            fitting++;
        }
        assertTrue(fitting < MAX_T0_SEARCHED, "the estimate still fits " + MAX_T0_SEARCHED + " T0s per plane");
        int largest = fitting;
        Scenario atTheEdge = load(fabric.formatted(largest), BUDGET);
        assertTrue(
                ScenarioFootprint.estimate(atTheEdge, BUDGET).totalBytes() > 0.9 * BUDGET.usableBytes(),
                "the largest fabric that fits is close to the budget");
        ScenarioException past =
                assertThrows(ScenarioException.class, () -> load(fabric.formatted(largest + 1), BUDGET));
        assertTrue(past.getMessage().startsWith("limits.yaml:2: fabric: "), past.getMessage());
    }

    private static boolean fits(Scenario scenario) {
        return BUDGET.fits(ScenarioFootprint.estimate(scenario, BUDGET));
    }
}
