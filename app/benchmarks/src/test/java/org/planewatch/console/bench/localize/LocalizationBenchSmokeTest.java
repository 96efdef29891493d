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

    @Test
    void savedOutcomesAreJudgedTogetherWithALaterRowReplacingAnEarlierOne(@TempDir Path dir) throws Exception {
        List<Incident> plan = LocalizationBench.plan(new String[0]);
        Incident first = plan.get(0);
        Incident reboot = plan.stream()
                .filter(i -> i.kind() == FaultKind.SWITCH_REBOOT)
                .findFirst()
                .orElseThrow();
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(
                a,
                SavedOutcomes.HEADER + "\n" + line(first, first.culprits().getFirst(), true, 400) + "\n"
                        + line(reboot, "none", false, -1) + "\n");
        Files.writeString(
                b, SavedOutcomes.HEADER + "\n" + line(reboot, reboot.culprits().getFirst(), true, 300) + "\n");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        LocalizationBench.Report report = LocalizationBench.run(
                new String[] {"--judge-csv", a + "," + b}, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertEquals(2, report.outcomes().size());
        assertTrue(report.outcomes().stream().allMatch(Outcome::top1), "the re-run replaced the failed row");
        assertTrue(
                printed.toString(StandardCharsets.UTF_8).contains("2/2 (100.0 %)"),
                printed.toString(StandardCharsets.UTF_8));

        Files.writeString(b, SavedOutcomes.HEADER + "\n1,512,gray-5%,p9-t0-0~p9-t1-0,none,false,false,0,0,-1,1000\n");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> LocalizationBench.run(new String[] {"--judge-csv", b.toString()}, System.out));
        assertTrue(
                e.getMessage().startsWith(b + ":2: run 1 is gray-5% on 'p9-t0-0~p9-t1-0' here but link-down"),
                e.getMessage());
    }

    private static String line(Incident i, String top, boolean hit, long toTopUs) {
        return String.join(
                ",",
                Integer.toString(i.id()),
                Integer.toString(i.fabric().hosts()),
                i.kind().label(),
                String.join(" + ", i.culprits()),
                top,
                Boolean.toString(hit),
                Boolean.toString(hit),
                "0",
                "0",
                Long.toString(toTopUs),
                "1000");
    }
}
