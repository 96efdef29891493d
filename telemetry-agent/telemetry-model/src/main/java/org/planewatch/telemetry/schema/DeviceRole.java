package org.planewatch.telemetry.schema;

/** Which devices carry a leaf. */
public enum DeviceRole {
    HOST,
    SWITCH,
    /** Leaves of the simulator itself, served by every target of the simulated back end. */
    SIMULATOR,
    /** Leaves about the agent process (flow control), served by every target. */
    AGENT
}
