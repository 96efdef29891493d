package org.planewatch.collector.config;

import org.planewatch.fleet.FleetTopics;

/**
 * The rollups' Kafka Streams application and its compacted output topics (ADR 0100, docs/scale.md).
 *
 * @param applicationId the Kafka Streams application: every collector run with {@code --rollups}
 *     joins it, and its tasks are shared among them
 * @param byPlanePartitions partitions of the plane inputs topic, keyed by plane (the by-plane stage's
 *     parallelism: more than the planes buys nothing)
 */
public record RollupLayout(
        String applicationId, String planes, String links, String suspects, String alarms, int byPlanePartitions) {

    public RollupLayout {
        for (String name : new String[] {applicationId, planes, links, suspects, alarms}) {
            if (name == null || !name.matches("[a-zA-Z0-9._-]{1,200}")) {
                throw new IllegalArgumentException("rollup topic or application name '" + name
                        + "' must be 1..200 characters of a-z A-Z 0-9 . _ -");
            }
        }
        TopicLayout.requireRange("by-plane partitions", byPlanePartitions, 1, 64);
    }

    /**
     * The compacted topic of the roles the per-device tasks learn (which device is a host, which a
     * plane's T0), read back whole by every task (ADR 0116); named after the application.
     */
    public String roles() {
        return applicationId + "-fleet-roles";
    }

    /**
     * The by-plane stage's own Kafka Streams application (ADR 0150): run on a stream thread of its own,
     * so that a per-device task's long hand-out does not hold the plane rollups back.
     */
    public String planesApplicationId() {
        return applicationId + "-planes";
    }

    /**
     * The topic between the two stages (ADR 0150): the per-device tasks' partial sums and link views
     * and the exclusion decisions, keyed by plane; as many partitions as {@link #byPlanePartitions}.
     */
    public String planeInputs() {
        return applicationId + "-plane-inputs";
    }

    public static RollupLayout defaults() {
        return new RollupLayout(
                FleetTopics.ROLLUPS_APPLICATION,
                FleetTopics.PLANES,
                FleetTopics.LINKS,
                FleetTopics.SUSPECTS,
                FleetTopics.ALARMS,
                8);
    }
}
