package org.planewatch.collector.rollup;

/**
 * What the per-device stage puts out: an input of the by-plane stage, or a role it learnt for the
 * rest of the fleet's per-device tasks.
 */
public sealed interface PerDeviceOutput permits PlaneInput, FleetRole {}
