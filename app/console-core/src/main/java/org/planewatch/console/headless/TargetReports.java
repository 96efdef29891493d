package org.planewatch.console.headless;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The headless recorder's lines about its targets: why each one is not live (the failure in the
 * ingest client's words: connection refused, TLS with its reason, authentication, stream reset,
 * deadline), printed when the reason changes and repeated every {@link #REMINDER_MILLIS} while it
 * lasts, and when it is live again, after how long. "targets live 0/1" alone never said why.
 */
final class TargetReports {
    static final long REMINDER_MILLIS = 30_000;
    private static final String RETRYING = "; retrying in ";

    private static final class Target {
        ConnectionPhase phase = ConnectionPhase.CONNECTING;
        boolean everLive;
        String reason = "";
        String printedReason;
        long notLiveSinceMillis;
        long lastPrintMillis;
        int failures;
    }

    private final Map<String, Target> targets = new LinkedHashMap<>();

    TargetReports(List<String> names, long startMillis) {
        for (String name : names) {
            Target target = new Target();
            target.notLiveSinceMillis = startMillis;
            target.lastPrintMillis = startMillis;
            targets.put(name, target);
        }
    }

    /** The lines a connection event calls for (none for most). */
    List<String> on(IngestEvent.Connection event) {
        Target target = targets.computeIfAbsent(event.source(), s -> new Target());
        List<String> lines = new ArrayList<>(1);
        long at = event.arrivalMillis();
        switch (event.phase()) {
            case STREAMING -> {
                if (target.phase != ConnectionPhase.STREAMING) {
                    lines.add(
                            target.everLive || target.failures > 0
                                    ? "target " + event.source() + " live again after "
                                            + seconds(at - target.notLiveSinceMillis) + " (" + attempts(target.failures)
                                            + ")"
                                    : "target " + event.source() + " live");
                }
                target.everLive = true;
                target.failures = 0;
                target.printedReason = null;
            }
            case FAILED -> {
                if (target.phase == ConnectionPhase.STREAMING) {
                    target.notLiveSinceMillis = at;
                }
                target.failures++;
                int retrying = event.detail().lastIndexOf(RETRYING);
                target.reason = retrying < 0 ? event.detail() : event.detail().substring(0, retrying);
                if (!target.reason.equals(target.printedReason)) {
                    lines.add("target " + event.source() + " not live: " + target.reason);
                    target.printedReason = target.reason;
                    target.lastPrintMillis = at;
                }
            }
            case CONNECTING, CLOSED -> {
                if (target.phase == ConnectionPhase.STREAMING) {
                    target.notLiveSinceMillis = at;
                }
            }
        }
        target.phase = event.phase();
        return lines;
    }

    /** A line for each target not live for another {@link #REMINDER_MILLIS} since its last line. */
    List<String> reminders(long nowMillis) {
        List<String> lines = new ArrayList<>();
        targets.forEach((name, target) -> {
            if (target.phase != ConnectionPhase.STREAMING
                    && target.phase != ConnectionPhase.CLOSED
                    && nowMillis - target.lastPrintMillis >= REMINDER_MILLIS) {
                lines.add("target " + name + " still not live after " + seconds(nowMillis - target.notLiveSinceMillis)
                        + (target.reason.isEmpty() ? ": no answer yet" : ": " + target.reason) + " ("
                        + attempts(target.failures) + ")");
                target.lastPrintMillis = nowMillis;
            }
        });
        return lines;
    }

    long live() {
        return targets.values().stream()
                .filter(t -> t.phase == ConnectionPhase.STREAMING)
                .count();
    }

    int count() {
        return targets.size();
    }

    private static String attempts(int failures) {
        return failures == 1 ? "1 failed attempt" : failures + " failed attempts";
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
