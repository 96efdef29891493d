package org.planewatch.fleet;

/**
 * The rollup of one plane, the value of {@code planewatch.rollup.planes} (docs/scale.md). Rates are
 * per second; null until known.
 *
 * @param atMillis when the rollup was made (the rollup's wall clock)
 * @param pathHealth share of the plane's EVs in service (GOOD) over all its EVs
 * @param linksDown links with either end not UP
 * @param coreUtilizationMean mean utilization of the plane's T0-T1 links that are up
 * @param coreUtilizationMax the busiest of them
 * @param suspects suspects ranked in the plane now
 * @param hostsUnheard of {@code hosts}, those whose rollup task has not been heard from for 30 s or
 *     more (its collector gone, its task not moved yet): their figures are as last heard (ADR 0151);
 *     0 in records written before there was such a field
 * @param switchesUnheard the same of {@code switches}
 */
public record PlaneRollup(
        int plane,
        long atMillis,
        int hosts,
        int switches,
        Double pathHealth,
        long evsGood,
        long evsOutOfService,
        Double goodputBps,
        Double lastHopTrimRate,
        Double fabricTrimRate,
        int linksDown,
        int linksTotal,
        Double coreUtilizationMean,
        Double coreUtilizationMax,
        int suspects,
        int hostsUnheard,
        int switchesUnheard) {

    /** Whether some of the plane's devices have not been heard from lately (their figures are as last heard). */
    public boolean partlyUnheard() {
        return hostsUnheard > 0 || switchesUnheard > 0;
    }
}
