package org.planewatch.console.telemetry;

import java.util.List;
import org.planewatch.telemetry.schema.ExclusionEventRing;

/**
 * The leaves of one exclusion decision ({@code mrc:/events/event[seq]/state/...}) that must all have
 * arrived before the decision is taken. They may come in several notifications; the live store and
 * the recorder both take a decision whole, at the notification that completes it, so a replay shows
 * it at the same instant the console did.
 */
public final class ExclusionDecisionLeaves {
    /**
     * Every leaf the schema gives a decision. The agent's timestamp is one of them: the simulated agent
     * sends it in a notification of its own after the others about one time in twelve, and a decision
     * taken without it showed no agent time and left its late timestamp waiting forever as a partial
     * decision.
     */
    public static final List<String> REQUIRED = ExclusionEventRing.FIELDS;

    private ExclusionDecisionLeaves() {}
}
