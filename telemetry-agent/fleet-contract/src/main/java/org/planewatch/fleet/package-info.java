/**
 * The contract between the collector tier and its readers (ADR 0102): the rollup records ({@link
 * org.planewatch.fleet.PlaneRollup}, {@link org.planewatch.fleet.LinkRollup}, {@link
 * org.planewatch.fleet.SuspectRollup}, {@link org.planewatch.fleet.AlarmRollup}), their JSON ({@link
 * org.planewatch.fleet.RollupJson}) and the topic names ({@link org.planewatch.fleet.FleetTopics}).
 * Plain records and Jackson: no Kafka, so the console core reads them without the collector.
 */
package org.planewatch.fleet;
