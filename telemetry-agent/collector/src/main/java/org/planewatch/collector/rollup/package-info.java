/**
 * The rollups' maths, without Kafka (ADR 0100): {@link org.planewatch.collector.rollup.DevicePartials}
 * sums what one stream task's devices say of each plane and link with the console core's own model;
 * {@link org.planewatch.collector.rollup.PlaneBook} merges those partial sums per plane, ranks the
 * plane's suspects with the console core's localizer, and judges alarms. The records they exchange
 * and publish are JSON ({@link org.planewatch.fleet.RollupJson}; docs/scale.md).
 */
package org.planewatch.collector.rollup;
