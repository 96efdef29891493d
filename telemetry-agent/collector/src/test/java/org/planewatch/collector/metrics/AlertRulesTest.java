package org.planewatch.collector.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.collector.testing.PrometheusScrape;

/**
 * The example alert rules and the Grafana dashboard in docs/: {@code promtool check rules} accepts
 * the rules (Debian's prometheus package; .ci/run installs it, and a machine without it fails this
 * test with how to install it), and every metric either of them names is one /metrics serves.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AlertRulesTest {
    private static final Path DOCS = Path.of("../../docs");
    private static final Pattern METRIC = Pattern.compile("planewatch_[a-z_]+");

    @Test
    void promtoolAcceptsTheExampleAlertRules() throws Exception {
        Path rules = DOCS.resolve("prometheus/alerts.yml");
        Process process;
        try {
            process = new ProcessBuilder("promtool", "check", "rules", rules.toString())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    "promtool is not installed (" + e.getMessage() + "): install Debian's prometheus package"
                            + " (apt-get install prometheus); .ci/run installs it before the build",
                    e);
        }
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "promtool did not finish in 30 s");
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "promtool check rules " + rules + ":\n" + output);
        assertTrue(output.contains("SUCCESS"), output);
    }

    @Test
    void everyMetricTheRulesAndTheDashboardNameIsOneMetricsServes() throws Exception {
        Set<String> served = PrometheusScrape.parse("", MetricsPage.render(MetricsPageInputs.everyFamily()))
                .types()
                .keySet();
        List<String> expressions = new ArrayList<>();
        Files.readAllLines(DOCS.resolve("prometheus/alerts.yml")).stream()
                .filter(line -> line.strip().startsWith("expr:"))
                .forEach(expressions::add);
        JsonNode dashboard = new ObjectMapper()
                .readTree(DOCS.resolve("grafana/planewatch-dashboard.json").toFile());
        dashboard
                .get("panels")
                .forEach(panel -> panel.get("targets")
                        .forEach(target -> expressions.add(target.get("expr").asText())));
        Set<String> named = new TreeSet<>();
        for (String expression : expressions) {
            Matcher m = METRIC.matcher(expression);
            while (m.find()) {
                named.add(m.group());
            }
        }
        assertTrue(named.size() > 10, "the rules and dashboard name metrics: " + named);
        named.removeAll(served);
        assertEquals(Set.of(), named, "named in docs/ but not served by /metrics");
    }
}
