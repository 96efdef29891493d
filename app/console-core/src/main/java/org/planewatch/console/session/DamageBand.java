package org.planewatch.console.session;

/**
 * Damage a replay found in its recording, as the timeline shows it.
 *
 * @param gap true for a damaged batch, whose stretch of recording cannot be shown; false for a
 *     damaged keyframe, which loses nothing
 * @param description what the replay says about it, in one line
 */
public record DamageBand(boolean gap, long fromMillis, long toMillis, String description) {}
