package org.planewatch.console.state;

/**
 * A condition that holds (or held) for some time: raised when it starts, cleared when it has been
 * gone for a while. Events are not alarms; a plane below its health threshold is.
 *
 * @param key kind and subject, stable while the condition lasts
 * @param clearedAtMillis 0 while active
 */
public record Alarm(
        String key,
        Kind kind,
        String subject,
        Severity severity,
        String message,
        long raisedAtMillis,
        long clearedAtMillis) {

    /**
     * SUSPECT: a link or switch the exclusion decisions point at (ADR 0095), subject the element's
     * name. RECORDING: a condition of the console itself (recording stopped on its own), held through
     * {@link TelemetryStore#hold}.
     */
    public enum Kind {
        PLANE_HEALTH,
        SUSPECT,
        TRIM_RATE,
        LINKS_DOWN,
        TARGET_STALE,
        TARGET_LOST,
        MIN_ACTIVE_GUARD,
        RECORDING
    }

    public enum Severity {
        WARNING,
        MAJOR,
        CRITICAL
    }

    public boolean active() {
        return clearedAtMillis == 0;
    }

    Alarm cleared(long atMillis) {
        return new Alarm(key, kind, subject, severity, message, raisedAtMillis, atMillis);
    }

    Alarm updated(Severity newSeverity, String newMessage) {
        return new Alarm(key, kind, subject, newSeverity, newMessage, raisedAtMillis, clearedAtMillis);
    }
}
