package org.planewatch.collector.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scrapes a /metrics page over loopback and parses it by the text format's rules, failing on any
 * breach: every sample's family has one {@code # HELP} and one {@code # TYPE} line, before its
 * samples, and its samples are together; label values use only the escapes {@code \\ \" \n}.
 */
public final class PrometheusScrape {
    public record Sample(String name, Map<String, String> labels, double value) {}

    public record Page(String contentType, Map<String, String> types, List<Sample> samples) {
        public List<Sample> named(String name) {
            return samples.stream().filter(s -> s.name().equals(name)).toList();
        }
    }

    private PrometheusScrape() {}

    public static Page scrape(int port) throws IOException, InterruptedException {
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("/metrics answered " + response.statusCode());
            }
            return parse(response.headers().firstValue("Content-Type").orElse(""), response.body());
        }
    }

    public static Page parse(String contentType, String text) {
        Map<String, String> types = new LinkedHashMap<>();
        Map<String, Boolean> helps = new HashMap<>();
        List<Sample> samples = new ArrayList<>();
        String current = null;
        Set<String> finished = new java.util.HashSet<>();
        int lineNumber = 0;
        for (String line : text.split("\n", -1)) {
            lineNumber++;
            String where = "line " + lineNumber + " '" + line + "'";
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) {
                String[] parts = line.split(" ", 4);
                String family = parts[2];
                if (!family.equals(current)) {
                    if (current != null) {
                        finished.add(current);
                    }
                    if (finished.contains(family)) {
                        throw new AssertionError(where + ": family " + family + " is not in one block");
                    }
                    current = family;
                }
                if (line.startsWith("# HELP ")) {
                    if (helps.put(family, true) != null) {
                        throw new AssertionError(where + ": a second HELP for " + family);
                    }
                } else {
                    if (types.containsKey(family)) {
                        throw new AssertionError(where + ": a second TYPE for " + family);
                    }
                    if (!Set.of("gauge", "counter", "untyped", "summary", "histogram")
                            .contains(parts[3])) {
                        throw new AssertionError(where + ": unknown type " + parts[3]);
                    }
                    types.put(family, parts[3]);
                }
                continue;
            }
            if (line.startsWith("#")) {
                continue;
            }
            Sample sample = sample(line, where);
            if (!ofFamily(sample.name(), current, types.get(current)) || !helps.containsKey(current)) {
                throw new AssertionError(where + ": a sample outside its family's block (HELP and TYPE first)");
            }
            samples.add(sample);
        }
        return new Page(contentType, types, samples);
    }

    /**
     * Whether a sample named {@code name} belongs to family {@code family} of {@code type}: a
     * histogram's samples are its buckets (with an {@code le} label), sum and count.
     */
    private static boolean ofFamily(String name, String family, String type) {
        if (family == null || type == null) {
            return false;
        }
        if ("histogram".equals(type)) {
            return name.equals(family + "_bucket") || name.equals(family + "_sum") || name.equals(family + "_count");
        }
        return name.equals(family);
    }

    private static Sample sample(String line, String where) {
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
            i++;
        }
        String name = line.substring(0, i);
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
            throw new AssertionError(where + ": bad metric name");
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf("=\"", i);
                String label = line.substring(i, eq);
                if (!label.matches("[a-zA-Z_][a-zA-Z0-9_]*")) {
                    throw new AssertionError(where + ": bad label name '" + label + "'");
                }
                StringBuilder value = new StringBuilder();
                int j = eq + 2;
                while (line.charAt(j) != '"') {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char next = line.charAt(j + 1);
                        value.append(
                                switch (next) {
                                    case '\\' -> '\\';
                                    case '"' -> '"';
                                    case 'n' -> '\n';
                                    default -> throw new AssertionError(where + ": bad escape \\" + next);
                                });
                        j += 2;
                    } else {
                        value.append(c);
                        j++;
                    }
                }
                labels.put(label, value.toString());
                i = j + 1;
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            i++;
        }
        if (line.charAt(i) != ' ') {
            throw new AssertionError(where + ": no space before the value");
        }
        String value = line.substring(i + 1).strip();
        double number = switch (value) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(value);
        };
        return new Sample(name, labels, number);
    }
}
