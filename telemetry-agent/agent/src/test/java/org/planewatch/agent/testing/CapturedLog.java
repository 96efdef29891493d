package org.planewatch.agent.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.planewatch.agent.log.StructuredLog;

/** The agent's structured log written to memory, for tests of what it says. */
public final class CapturedLog {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    public final StructuredLog log = new StructuredLog(new PrintStream(bytes, true, StandardCharsets.UTF_8), "agent");

    public String text() {
        synchronized (bytes) {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    /** The lines of {@code component=audit} with {@code event=<event>}. */
    public List<String> audit(String event) {
        return text().lines()
                .filter(l -> l.contains(" component=audit ") && l.contains(" event=" + event + " "))
                .toList();
    }
}
