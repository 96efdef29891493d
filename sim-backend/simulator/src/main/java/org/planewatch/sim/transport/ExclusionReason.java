package org.planewatch.sim.transport;

/** Why an EV changed state (spec section 3); {@link #label()} is the name reports use. */
public enum ExclusionReason {
    LOSS_TIMER("loss-timer"),
    SACK_GAP("sack-gap"),
    PROBE_OK("probe-ok"),
    PROBE_TIMEOUT("probe-timeout"),
    CONTROLLER_DENY("controller-deny"),
    CONTROLLER_ALLOW("controller-allow"),
    /** The ev_min_active guard refused a retirement and raised its alarm (state unchanged). */
    MIN_ACTIVE_GUARD("min-active-guard");

    private final String label;

    ExclusionReason(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
