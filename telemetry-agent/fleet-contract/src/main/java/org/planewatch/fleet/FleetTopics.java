package org.planewatch.fleet;

/**
 * The default names of the collector tier's topics (docs/scale.md): what collectors write and what
 * a console or recorder on the fleet reads, unless both are told other names.
 */
public final class FleetTopics {
    /** The targets list, shared out to the collectors through a consumer group (ADR 0099). */
    public static final String TARGETS = "planewatch.targets";
    /** Raw gNMI notifications, keyed by device. */
    public static final String UPDATES = "planewatch.updates";
    /** Exclusion decisions, keyed by device, never lost. */
    public static final String EXCLUSIONS = "planewatch.exclusions";
    /** The rollups (ADR 0100): compacted, the latest value per key. */
    public static final String PLANES = "planewatch.rollup.planes";

    public static final String LINKS = "planewatch.rollup.links";
    public static final String SUSPECTS = "planewatch.rollup.suspects";
    public static final String ALARMS = "planewatch.rollup.alarms";
    /** How often the rollups are written: a reader calls them stale after a few of these. */
    public static final long ROLLUP_INTERVAL_MILLIS = 1_000;

    private FleetTopics() {}
}
