package org.planewatch.console.telemetry;

/**
 * How a drill-down's last look-back was read (ADR 0157): through the rollups' update index, with
 * the device's records in the look-back it listed and the update records fetched to get them
 * (theirs and those that came in the same batches), or not (the look-back read whole instead).
 */
public record DrillDownLookBack(String device, boolean throughIndex, int listed, long recordsFetched, long millis) {}
