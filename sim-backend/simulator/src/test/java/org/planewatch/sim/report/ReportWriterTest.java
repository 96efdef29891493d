package org.planewatch.sim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.RunSummary;

class ReportWriterTest {

    @TempDir
    Path dir;

    static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void writesTheDocumentedKeysInOrder() throws IOException {
        RunReport report = new RunReport(
                "demo",
                7,
                "mrc",
                2_000_000,
                3,
                12,
                345,
                true,
                new RunSummary.Messages(4, 4, 400, 400, 0, 0),
                new RunSummary.Packets(10, 9, 1, 0, 0),
                new RunSummary.Fct(100, 200, 300, 150),
                List.of(new RunSummary.Plane(0, 97.5, 1, 0, 2, 0)),
                List.of(new RunReport.EvTransition(
                        50_000,
                        "host-3",
                        0,
                        17,
                        2,
                        List.of("host-3~p2-t0-0", "p2-t0-0~p2-t1-5"),
                        "GOOD",
                        "ASSUMED_BAD",
                        "loss-timer")),
                List.of(),
                42);
        Path file = dir.resolve("out/report.json");

        ReportWriter.write(report, file);
        JsonNode json = new ObjectMapper().readTree(file.toFile());

        assertEquals(
                List.of(
                        "scenario",
                        "seed",
                        "mode",
                        "simulatedNs",
                        "buildMs",
                        "wallMs",
                        "events",
                        "workloadComplete",
                        "messages",
                        "packets",
                        "fct",
                        "planes",
                        "evTransitions",
                        "steps",
                        "traceDigest"),
                keys(json));
        assertEquals(
                List.of("total", "completed", "bytesExpected", "bytesDelivered", "duplicateBytes", "failed"),
                keys(json.get("messages")));
        assertEquals(List.of("sent", "delivered", "trimmed", "dropped", "inFlightAtEnd"), keys(json.get("packets")));
        assertEquals(List.of("p50Ns", "p99Ns", "maxNs", "meanNs"), keys(json.get("fct")));
        assertEquals(
                List.of("id", "goodputGbps", "trimmed", "dropped", "evsAssumedBad", "evsDenied"),
                keys(json.get("planes").get(0)));
        assertEquals(
                List.of("atNs", "host", "qp", "ev", "plane", "links", "from", "to", "reason"),
                keys(json.get("evTransitions").get(0)));
        assertEquals(
                "p2-t0-0~p2-t1-5",
                json.get("evTransitions").get(0).get("links").get(1).asText());
        assertEquals(97.5, json.get("planes").get(0).get("goodputGbps").asDouble());
    }
}
