package org.planewatch.collector.rollup;

/**
 * A role a per-device task learnt from its own devices, for the tasks that hold the rest of the fabric
 * (ADR 0116): {@code device} is a host, or the T0 of {@code t0Plane} (a host's plane port faces it).
 * Written to the compacted roles topic keyed by device, as {@link #value}.
 */
public record FleetRole(String device, int t0Plane) implements PerDeviceOutput {
    /** The value a host has in the roles topic. */
    public static final String HOST = "host";

    public static FleetRole host(String device) {
        return new FleetRole(device, -1);
    }

    public static FleetRole t0(String device, int plane) {
        if (plane < 0) {
            throw new IllegalArgumentException("T0 " + device + " has no plane: " + plane);
        }
        return new FleetRole(device, plane);
    }

    public boolean isHost() {
        return t0Plane < 0;
    }

    /** {@code host}, or the T0's plane as a decimal number. */
    public String value() {
        return isHost() ? HOST : Integer.toString(t0Plane);
    }

    /**
     * The role a value of the roles topic says; null for anything else (a record not written by a
     * collector is not a reason to stop the rollups).
     */
    public static FleetRole parse(String device, String value) {
        if (value == null) {
            return null;
        }
        if (HOST.equals(value)) {
            return host(device);
        }
        try {
            int plane = Integer.parseInt(value);
            return plane < 0 ? null : t0(device, plane);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
