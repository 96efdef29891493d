package org.planewatch.sim.limits;

/**
 * A scenario beyond one of the simulator's limits.
 *
 * @param key the scenario key to blame, as a path ({@code fabric}, {@code workload.messageBytes})
 * @param problem what is too large, the limit and why, in one line
 */
public record LimitViolation(String key, String problem) {

    /** The problem with its key, for callers that have no file position to give. */
    public String message() {
        return key + ": " + problem;
    }
}
