package org.planewatch.console.state.localize;

import java.util.List;

/**
 * One exclusion decision as the localization reads it: which path (the source's host, QP and EV),
 * the links it crosses, and the state change.
 *
 * @param timestampNs the agent's time of the decision
 * @param arrivalMillis when the console took it (the store's clock: wall clock live, recorded arrival in replay)
 */
public record PathDecision(
        String source,
        String host,
        long qpn,
        int ev,
        int plane,
        List<String> links,
        String fromState,
        String toState,
        long timestampNs,
        long arrivalMillis) {}
