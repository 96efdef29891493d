package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.telemetry.path.PathPattern;

class CsvExporterTest {
    private static final long START = 1_790_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void exportsOneRowPerRecordedUpdateOfTheMatchingLeavesInTheWindow() throws Exception {
        Path file = dir.resolve("csv.pwrec");
        List<IngestEvent> recorded = RecordingRoundTripTest.record(file, 80, 1_000);
        long from = START + 20 * 250;
        long to = START + 40 * 250;
        StringWriter csv = new StringWriter();
        try (RecordingReader reader = RecordingReader.open(file)) {
            long rows = CsvExporter.export(
                    reader, from, to, PathPattern.parse("mrc:/planes/plane[id=3]/state/tx-pkts"), "host-0002", csv);
            List<String> lines = csv.toString().lines().toList();
            assertEquals(CsvExporter.HEADER, lines.getFirst());
            assertEquals(rows, lines.size() - 1);
            long expectedChanges = recorded.stream()
                    .filter(e -> e.arrivalMillis() > from && e.arrivalMillis() <= to)
                    .filter(e -> e instanceof IngestEvent.Notification n
                            && n.target().equals("host-0002"))
                    .count();
            assertEquals(1 + expectedChanges, rows, "the value at the window's start, then every update in it");
            assertTrue(lines.get(1).contains(",host-0002,mrc:/planes/plane[id=3]/state/tx-pkts,"), lines.get(1));
        }
    }

    @Test
    void quotesFieldsThatHoldCommas() {
        assertEquals("\"host-0000~p2-t0-0,p2-t0-0~p2-t1-5\"", CsvExporter.quote("host-0000~p2-t0-0,p2-t0-0~p2-t1-5"));
        assertEquals("\"say \"\"hi\"\"\"", CsvExporter.quote("say \"hi\""));
    }
}
