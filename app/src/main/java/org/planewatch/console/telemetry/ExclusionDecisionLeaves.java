package org.planewatch.console.telemetry;

import java.util.List;

/**
 * The leaves of one exclusion decision ({@code mrc:/events/event[seq]/state/...}) that must all have
 * arrived before the decision is taken. They may come in several notifications; the live store and
 * the recorder both take a decision whole, at the notification that completes it, so a replay shows
 * it at the same instant the console did.
 */
public final class ExclusionDecisionLeaves {
    public static final List<String> REQUIRED =
            List.of("to-state", "from-state", "reason", "qpn", "ev", "plane", "links");

    private ExclusionDecisionLeaves() {}
}
