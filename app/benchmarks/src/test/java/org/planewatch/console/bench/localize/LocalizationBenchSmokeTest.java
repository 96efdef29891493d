package org.planewatch.console.bench.localize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark program end to end on the smallest plan that still checks its accounting: one
 * link-down incident and one fault-free run on the 32-host fabric, each through simulator -> agent
 * on loopback -> live session, as the full benchmark runs them (about 20 s).
 */
class LocalizationBenchSmokeTest {

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aDownLinkIsCountedAsATopOneHitAndTheFaultFreeRunAsNoSuspect(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        Path json = dir.resolve("bench.json");
        LocalizationBench.Report report;
        try (PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8)) {
            report = LocalizationBench.run(
                    new String[] {"--fabric", "32", "--kinds", "link-down,fault-free", "--json", json.toString()}, out);
        }
        String printed = text.toString(StandardCharsets.UTF_8);
        assertEquals(2, report.outcomes().size(), printed);

        Outcome down = report.outcomes().getFirst();
        assertEquals(FaultKind.LINK_DOWN, down.incident().kind());
        assertEquals(down.incident().culprits().getFirst(), down.top(), printed);
        assertTrue(down.top1() && down.top3(), printed);
        assertTrue(down.toTopUs() > 0 && down.toTopUs() <= 5_000, "named within 5 simulated ms: " + printed);
        Totals.KindTotals downs = report.totals().byKind().get(FaultKind.LINK_DOWN);
        assertEquals(1, downs.top1(), printed);
        assertEquals(1, downs.runs(), printed);

        Outcome clean = report.outcomes().getLast();
        assertEquals(FaultKind.NONE, clean.incident().kind());
        assertEquals(0, clean.falseDuring(), printed);

        assertTrue(printed.contains("| link-down | 1 | 1/1 (100 %) | 1/1 (100 %) |"), printed);
        assertTrue(printed.contains("target MET: top-1 >= 95 % for single link and switch failures: 1/1"), printed);
        assertTrue(printed.contains("target MET: zero suspects on fault-free runs (any sample): 0 in 1 runs"), printed);
        String written = Files.readString(json);
        assertTrue(written.contains("\"kind\": \"link-down\", \"runs\": 1, \"top1\": 1, \"top3\": 1"), written);
    }

    @Test
    void aBadOptionSaysWhichAndWhatIsAccepted() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> LocalizationBench.run(new String[] {"--fabric", "1000"}, System.out));
        assertEquals("--fabric takes 512, 2048 or 32 (hosts), got '1000'", e.getMessage());
        IllegalArgumentException kind = assertThrows(
                IllegalArgumentException.class,
                () -> LocalizationBench.run(new String[] {"--kinds", "meltdown"}, System.out));
        assertTrue(kind.getMessage().startsWith("unknown fault kind 'meltdown'"), kind.getMessage());
    }

    @Test
    void runsChosenByNumberAreStagedExactlyAsInTheWholePlan() {
        List<Incident> whole = LocalizationBench.plan(new String[0]);
        List<Incident> chosen = LocalizationBench.plan(new String[] {"--incidents", "50, 53,54"});
        assertEquals(List.of(whole.get(49), whole.get(52), whole.get(53)), chosen);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> LocalizationBench.plan(new String[] {"--incidents", "93"}));
        assertEquals("--incidents: no run 93 in this plan, which numbers its runs 1 to 92", e.getMessage());
    }
}
