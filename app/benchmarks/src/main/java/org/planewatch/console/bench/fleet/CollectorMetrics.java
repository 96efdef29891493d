package org.planewatch.console.bench.fleet;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A collector's {@code /metrics} page (docs/scale.md "Prometheus") read once: per metric name (labels
 * dropped), the sum and the largest of its samples, and each sample by its whole series (name and
 * labels as written). A collector that does not answer reads as empty, so that a killed one does not
 * stop the bench.
 */
record CollectorMetrics(Map<String, Double> sums, Map<String, Double> maxima, Map<String, Double> series) {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    static final CollectorMetrics NONE = new CollectorMetrics(Map.of(), Map.of(), Map.of());

    /** Asked twice, 10 s each, before it counts as not answering (a loaded collector answers late). */
    static CollectorMetrics scrape(int port) {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                HttpResponse<String> response = HTTP.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return parse(response.body());
                }
            } catch (java.net.ConnectException e) {
                return NONE; // gone (the collector killed)
            } catch (IOException e) {
                // late: asked again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return NONE;
            }
        }
        return NONE;
    }

    static CollectorMetrics parse(String page) {
        Map<String, Double> sums = new HashMap<>();
        Map<String, Double> maxima = new HashMap<>();
        Map<String, Double> series = new HashMap<>();
        for (String line : page.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            int brace = line.indexOf('{');
            String name = line.substring(0, brace > 0 && brace < space ? brace : space);
            double value;
            try {
                value = Double.parseDouble(line.substring(space + 1));
            } catch (NumberFormatException e) {
                continue;
            }
            sums.merge(name, value, Double::sum);
            maxima.merge(name, value, Math::max);
            series.put(line.substring(0, space), value);
        }
        return new CollectorMetrics(Map.copyOf(sums), Map.copyOf(maxima), Map.copyOf(series));
    }

    double sum(String name) {
        return sums.getOrDefault(name, 0.0);
    }

    double max(String name) {
        return maxima.getOrDefault(name, 0.0);
    }

    /** The sum over the page's series of histogram {@code histogram}'s bucket {@code le} (as written, "+Inf" too). */
    double bucket(String histogram, String le) {
        String prefix = histogram + "_bucket{";
        String label = "le=\"" + le + "\"";
        double sum = 0;
        for (Map.Entry<String, Double> entry : series.entrySet()) {
            if (entry.getKey().startsWith(prefix) && entry.getKey().contains(label)) {
                sum += entry.getValue();
            }
        }
        return sum;
    }

    /**
     * The value of the series of {@code name} whose labels include every one of {@code labels} (name,
     * value pairs), summed; 0 when none.
     */
    double labelled(String name, String... labels) {
        String prefix = name + "{";
        double sum = 0;
        for (Map.Entry<String, Double> entry : series.entrySet()) {
            if (entry.getKey().startsWith(prefix) && hasLabels(entry.getKey(), labels)) {
                sum += entry.getValue();
            }
        }
        return sum;
    }

    private static boolean hasLabels(String series, String... labels) {
        for (int i = 0; i < labels.length; i += 2) {
            String wanted = labels[i] + "=\"" + labels[i + 1] + "\"";
            if (!series.contains("{" + wanted) && !series.contains("," + wanted)) {
                return false;
            }
        }
        return true;
    }

    boolean answered() {
        return !sums.isEmpty();
    }
}
