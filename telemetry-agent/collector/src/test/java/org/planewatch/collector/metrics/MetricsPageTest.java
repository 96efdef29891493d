package org.planewatch.collector.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.collector.testing.PrometheusScrape;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.PlaneRollup;

/**
 * /metrics over loopback, parsed by the text format's rules: HELP and TYPE before each family's
 * samples, label values escaped (a backslash, a double quote and a line feed come back as sent), and
 * a figure not known yet left out rather than written as 0.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class MetricsPageTest {
    private static final String AWKWARD = "a \"quoted\" name\\with a backslash\nand a line feed";

    private static MetricsInput input() {
        return MetricsPageInputs.with(
                List.of(
                        new PlaneRollup(0, 9_000, 4, 4, 0.875, 7, 1, 1.5e9, 10.0, 300.0, 1, 8, 0.4, 0.5, 1, 0, 0),
                        new PlaneRollup(1, 9_500, 4, 4, null, 0, 0, null, null, null, 0, 8, null, null, 0, 0, 0)),
                List.of(
                        new AlarmRollup(
                                "link-down/p0-t0-0~p0-t1-0",
                                "LINK_DOWN",
                                "p0-t0-0~p0-t1-0",
                                0,
                                "MAJOR",
                                "Plane 0: link p0-t0-0~p0-t1-0 is down",
                                9_000),
                        new AlarmRollup("suspect/x", "SUSPECT", AWKWARD, 0, "MAJOR", AWKWARD, 9_000)));
    }

    @Test
    void aScrapeOverLoopbackFollowsTheTextFormatAndEscapesLabelValues() throws Exception {
        try (MetricsServer server = MetricsServer.start("127.0.0.1", 0, MetricsPageTest::input)) {
            PrometheusScrape.Page page = PrometheusScrape.scrape(server.port());

            assertTrue(page.contentType().startsWith("text/plain; version=0.0.4"), page.contentType());
            assertEquals("counter", page.types().get("planewatch_collector_dropped_notifications_total"));
            assertEquals("gauge", page.types().get("planewatch_plane_path_health"));
            assertEquals(
                    16, page.named("planewatch_collector_targets").getFirst().value());
            assertEquals(
                    7,
                    page.named("planewatch_rollups_consumer_lag_records")
                            .getFirst()
                            .value());
            List<PrometheusScrape.Sample> health = page.named("planewatch_plane_path_health");
            assertEquals(1, health.size(), "plane 1's health is not known yet: left out, not 0: " + health);
            assertEquals(0.875, health.getFirst().value());
            assertEquals("0", health.getFirst().labels().get("plane"));
            assertEquals(
                    1,
                    page.named("planewatch_link_down").stream()
                            .filter(s -> s.labels().get("link").equals("p0-t0-0~p0-t1-0"))
                            .count());
            assertEquals(12.5, page.named("planewatch_suspect_score").getFirst().value());
            assertTrue(
                    page.named("planewatch_alarm_active").stream()
                            .anyMatch(s -> AWKWARD.equals(s.labels().get("subject"))
                                    && AWKWARD.equals(s.labels().get("message"))),
                    "the awkward label value comes back as it was");
            assertEquals(
                    0.5,
                    page.named("planewatch_plane_rollup_age_seconds").get(1).value(),
                    1e-9);
        }
    }

    @Test
    void theRollupThreadsTimesAreHistogramsWhoseBucketsCountWhatTookAtMostTheirBound() throws Exception {
        try (MetricsServer server = MetricsServer.start("127.0.0.1", 0, MetricsPageTest::input)) {
            PrometheusScrape.Page page = PrometheusScrape.scrape(server.port());

            assertEquals("histogram", page.types().get("planewatch_rollups_plane_tick_gap_seconds"));
            Map<String, Double> gaps = new HashMap<>();
            page.named("planewatch_rollups_plane_tick_gap_seconds_bucket")
                    .forEach(s -> gaps.put(s.labels().get("le"), s.value()));
            assertEquals(9.0, gaps.get("3"), "nine gaps of a second are within 3 s: " + gaps);
            assertEquals(10.0, gaps.get("5"), "the gap of 4 s is within 5 s: " + gaps);
            assertEquals(10.0, gaps.get("+Inf"));
            assertEquals(
                    13.0,
                    page.named("planewatch_rollups_plane_tick_gap_seconds_sum")
                            .getFirst()
                            .value(),
                    1e-9);
            Map<String, Double> handOuts = new HashMap<>();
            page.named("planewatch_rollups_hand_out_seconds_bucket")
                    .forEach(s -> handOuts.put(s.labels().get("le"), s.value()));
            assertEquals(1.0, handOuts.get("0.1"), "" + handOuts);
            assertEquals(1.0, handOuts.get("2"), "the hand-out of 2.5 s is longer than 2 s: " + handOuts);
            assertEquals(2.0, handOuts.get("3"), "" + handOuts);
            Map<String, Double> longest = new HashMap<>();
            page.named("planewatch_rollups_longest_seconds")
                    .forEach(s -> longest.put(s.labels().get("of"), s.value()));
            assertEquals(
                    Map.of("hand_out", 2.5, "task_start", 12.0, "plane_tick", 0.02, "plane_tick_gap", 4.0), longest);
            Map<String, Double> starts = new HashMap<>();
            page.named("planewatch_rollups_task_start_seconds_bucket")
                    .forEach(s -> starts.put(s.labels().get("le"), s.value()));
            assertEquals(0.0, starts.get("10"), "the start of 12 s is longer than 10 s: " + starts);
            assertEquals(1.0, starts.get("30"), "" + starts);
            assertEquals(
                    4_200.0,
                    page.named("planewatch_rollups_devices_to_replay")
                            .getFirst()
                            .value());
            assertEquals(
                    0.3,
                    page.named("planewatch_rollups_thread_time_ratio").stream()
                            .filter(s -> "punctuate".equals(s.labels().get("activity"))
                                    && "devices".equals(s.labels().get("application")))
                            .findFirst()
                            .orElseThrow()
                            .value(),
                    1e-9);
        }
    }
}
