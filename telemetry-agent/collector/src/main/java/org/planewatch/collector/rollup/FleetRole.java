package org.planewatch.collector.rollup;

/**
 * A role a per-device task learnt from its own devices, for the tasks that hold the rest of the fabric
 * (ADR 0116, ADR 0139): {@code device} is a host, the T0 of {@code plane} (a host's plane port faces
 * it), or a T1 of {@code plane} (a switch of the task's own that a T0 of that plane faces). Written to
 * the compacted roles topic keyed by device, as {@link #value}.
 */
public record FleetRole(String device, Kind kind, int plane) implements PerDeviceOutput {
    /** What a device is in the fabric. */
    public enum Kind {
        HOST,
        T0,
        T1
    }

    /** The value a host has in the roles topic. */
    public static final String HOST = "host";

    /** The prefix of a T1's value, before its plane; a T0's value is its plane alone (ADR 0116). */
    public static final String T1_PREFIX = "t1:";

    public FleetRole {
        if (kind != Kind.HOST && plane < 0) {
            throw new IllegalArgumentException(kind + " " + device + " has no plane: " + plane);
        }
    }

    public static FleetRole host(String device) {
        return new FleetRole(device, Kind.HOST, -1);
    }

    public static FleetRole t0(String device, int plane) {
        return new FleetRole(device, Kind.T0, plane);
    }

    public static FleetRole t1(String device, int plane) {
        return new FleetRole(device, Kind.T1, plane);
    }

    public boolean isHost() {
        return kind == Kind.HOST;
    }

    /** The plane this device is a T0 of; -1 for any other role. */
    public int t0Plane() {
        return kind == Kind.T0 ? plane : -1;
    }

    /** The plane this device is a T1 of; -1 for any other role. */
    public int t1Plane() {
        return kind == Kind.T1 ? plane : -1;
    }

    /** {@code host}, a T0's plane as a decimal number, or {@code t1:} and a T1's plane. */
    public String value() {
        return switch (kind) {
            case HOST -> HOST;
            case T0 -> Integer.toString(plane);
            case T1 -> T1_PREFIX + plane;
        };
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
        boolean t1 = value.startsWith(T1_PREFIX);
        try {
            int plane = Integer.parseInt(t1 ? value.substring(T1_PREFIX.length()) : value);
            if (plane < 0) {
                return null;
            }
            return t1 ? t1(device, plane) : t0(device, plane);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
