package org.planewatch.agent.log;

import java.io.PrintStream;
import java.time.Instant;

/**
 * One line per event: {@code ts=... level=INFO event=listening addr=127.0.0.1:9339}. Values with
 * spaces, quotes or '=' are quoted, so lines stay machine-readable.
 */
public final class StructuredLog {

    private final PrintStream out;
    private final String component;

    public StructuredLog(PrintStream out, String component) {
        this.out = out;
        this.component = component;
    }

    /** A log that writes nowhere (embedded use, tests). */
    public static StructuredLog silent() {
        return new StructuredLog(new PrintStream(PrintStream.nullOutputStream()), "agent");
    }

    /** The same stream under another component, e.g. {@code audit}, so that operators can route it apart. */
    public StructuredLog withComponent(String other) {
        return new StructuredLog(out, other);
    }

    public void info(String event, Object... keyValues) {
        write("INFO", event, keyValues);
    }

    public void warn(String event, Object... keyValues) {
        write("WARN", event, keyValues);
    }

    public void error(String event, Object... keyValues) {
        write("ERROR", event, keyValues);
    }

    private void write(String level, String event, Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("key/value pairs expected for event " + event);
        }
        StringBuilder line = new StringBuilder(96)
                .append("ts=")
                .append(Instant.now())
                .append(" level=")
                .append(level)
                .append(" component=")
                .append(component)
                .append(" event=")
                .append(event);
        for (int i = 0; i < keyValues.length; i += 2) {
            // Values may carry client input: each is capped, so no request makes a line of megabytes.
            String value = ClientText.capped(String.valueOf(keyValues[i + 1]), ClientText.MESSAGE_LIMIT);
            line.append(' ').append(keyValues[i]).append('=').append(quote(value));
        }
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    static String quote(String v) {
        if (!v.isEmpty() && v.chars().noneMatch(c -> c == ' ' || c == '"' || c == '=' || c < 0x20)) {
            return v;
        }
        return '"' + v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
