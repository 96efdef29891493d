package org.planewatch.collector.rollup;

/**
 * One record the rollups write: to the topic of {@code kind}, keyed by {@code key}; a null {@code
 * value} is a tombstone (the link, suspect or alarm is gone).
 */
public record RollupOutput(Kind kind, String key, Object value) {
    public enum Kind {
        PLANES,
        LINKS,
        SUSPECTS,
        ALARMS
    }
}
