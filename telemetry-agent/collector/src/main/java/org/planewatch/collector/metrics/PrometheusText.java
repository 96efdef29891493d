package org.planewatch.collector.metrics;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the Prometheus text exposition format (version 0.0.4): each metric family once, its
 * {@code # HELP} and {@code # TYPE} lines first, then its samples; label values escaped (backslash,
 * double quote, line feed), HELP text escaped (backslash, line feed).
 */
final class PrometheusText {
    /** The Content-Type Prometheus expects for this format. */
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final StringBuilder text = new StringBuilder();
    private final Map<String, Boolean> declared = new LinkedHashMap<>();

    /** Declares a family: {@code type} is gauge, counter or histogram. Samples of it must follow before the next family. */
    PrometheusText family(String name, String type, String help) {
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
            throw new IllegalArgumentException("metric name '" + name + "' is not a Prometheus name");
        }
        if (declared.put(name, true) != null) {
            throw new IllegalStateException("metric family " + name + " declared twice");
        }
        text.append("# HELP ").append(name).append(' ').append(escapeHelp(help)).append('\n');
        text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        return this;
    }

    /** One sample; {@code labels} are name, value pairs. */
    PrometheusText sample(String name, double value, String... labels) {
        text.append(name);
        if (labels.length > 0) {
            text.append('{');
            for (int i = 0; i < labels.length; i += 2) {
                if (i > 0) {
                    text.append(',');
                }
                text.append(labels[i])
                        .append("=\"")
                        .append(escapeLabel(labels[i + 1]))
                        .append('"');
            }
            text.append('}');
        }
        text.append(' ').append(number(value)).append('\n');
        return this;
    }

    static String escapeLabel(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    static String escapeHelp(String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n");
    }

    /** A histogram bucket's upper bound as its {@code le} label. */
    static String bound(double seconds) {
        return number(seconds);
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.6g", value).replaceFirst("\\.?0+(e|$)", "$1");
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
