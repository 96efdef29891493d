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
    /** The Kafka Streams application that makes the rollups: its internal topics are named after it. */
    public static final String ROLLUPS_APPLICATION = "planewatch-rollups";
    /**
     * The rollups' store of each device's leaves sent only on change (LLDP neighbors, port states and
     * speeds, host planes' EV counts), keyed by device. Its name is the one it had when it held the
     * LLDP neighbors alone (ADR 0118).
     */
    public static final String REMEMBERED_LEAVES_STORE = "rollup-neighbors";
    /**
     * The compacted changelog Kafka Streams keeps of {@link #REMEMBERED_LEAVES_STORE}: a drill-down
     * reads one device's latest record from it (ADR 0145). A device's record is in the partition its
     * updates go to: the changelog has the updates' partitions, one per per-device task.
     */
    public static final String REMEMBERED_LEAVES = rememberedLeaves(ROLLUPS_APPLICATION);
    /**
     * The rollups' store of where each device's latest records are in the updates topic ({@link
     * UpdateIndex}), keyed by device (ADR 0157).
     */
    public static final String UPDATE_INDEX_STORE = "update-index";
    /**
     * The compacted changelog Kafka Streams keeps of {@link #UPDATE_INDEX_STORE}: a drill-down reads the
     * device's index from the partition of the number its updates have, then fetches those records alone.
     */
    public static final String UPDATE_INDEX = changelog(ROLLUPS_APPLICATION, UPDATE_INDEX_STORE);
    /** How often the rollups are written: a reader calls them stale after a few of these. */
    public static final long ROLLUP_INTERVAL_MILLIS = 1_000;

    private FleetTopics() {}

    /** The changelog of the remembered leaves of the rollups application {@code applicationId} (Kafka Streams' naming). */
    public static String rememberedLeaves(String applicationId) {
        return changelog(applicationId, REMEMBERED_LEAVES_STORE);
    }

    private static String changelog(String applicationId, String store) {
        return applicationId + "-" + store + "-changelog";
    }
}
