package org.planewatch.console.state;

/**
 * A condition that holds (or held) for some time: raised when it starts, cleared when it has been
 * gone for a while. Events are not alarms; a plane below its health threshold is.
 *
 * @param key kind and subject, stable while the condition lasts
 * @param message the figures while the condition held (the last ones it held with)
 * @param clearedAtMillis 0 while active
 * @param goneSinceMillis when the condition stopped holding (0 while it holds): from then the alarm is
 *     {@link Status#CLEARING} until it clears, and its message's figures are no longer current
 * @param now the subject's current figure once the condition is gone ("path health 100.0 %"), "" while it holds
 * @param acknowledgedAtMillis when an operator acknowledged it, 0 if nobody has
 * @param silencedUntilMillis no notification for it before this (0: not silenced)
 */
public record Alarm(
        String key,
        Kind kind,
        String subject,
        Severity severity,
        String message,
        long raisedAtMillis,
        long clearedAtMillis,
        long goneSinceMillis,
        String now,
        long acknowledgedAtMillis,
        long silencedUntilMillis) {

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

    /** ACTIVE: the condition holds; CLEARING: it is gone, the alarm clears once it stays gone; CLEARED. */
    public enum Status {
        ACTIVE,
        CLEARING,
        CLEARED
    }

    /** A newly raised alarm. */
    public Alarm(
            String key,
            Kind kind,
            String subject,
            Severity severity,
            String message,
            long raisedAtMillis,
            long clearedAtMillis) {
        this(key, kind, subject, severity, message, raisedAtMillis, clearedAtMillis, 0, "", 0, 0);
    }

    public boolean active() {
        return clearedAtMillis == 0;
    }

    public Status status() {
        return clearedAtMillis != 0 ? Status.CLEARED : goneSinceMillis != 0 ? Status.CLEARING : Status.ACTIVE;
    }

    public boolean acknowledged() {
        return acknowledgedAtMillis != 0;
    }

    public boolean silencedAt(long atMillis) {
        return atMillis < silencedUntilMillis;
    }

    Alarm cleared(long atMillis) {
        return new Alarm(
                key,
                kind,
                subject,
                severity,
                message,
                raisedAtMillis,
                atMillis,
                goneSinceMillis == 0 ? atMillis : goneSinceMillis,
                now,
                acknowledgedAtMillis,
                silencedUntilMillis);
    }

    /** Holding again with these figures: no longer clearing. */
    Alarm updated(Severity newSeverity, String newMessage) {
        return new Alarm(
                key,
                kind,
                subject,
                newSeverity,
                newMessage,
                raisedAtMillis,
                clearedAtMillis,
                0,
                "",
                acknowledgedAtMillis,
                silencedUntilMillis);
    }

    /** The condition no longer holds (since {@code sinceMillis}); the subject now reads {@code current}. */
    Alarm gone(long sinceMillis, String current) {
        return new Alarm(
                key,
                kind,
                subject,
                severity,
                message,
                raisedAtMillis,
                clearedAtMillis,
                sinceMillis,
                current,
                acknowledgedAtMillis,
                silencedUntilMillis);
    }

    Alarm acknowledge(long atMillis, long silenceUntilMillis) {
        return new Alarm(
                key,
                kind,
                subject,
                severity,
                message,
                raisedAtMillis,
                clearedAtMillis,
                goneSinceMillis,
                now,
                atMillis,
                silenceUntilMillis);
    }
}
