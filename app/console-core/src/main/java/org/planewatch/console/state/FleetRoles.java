package org.planewatch.console.state;

import java.util.Map;
import java.util.Set;

/**
 * What the rest of a fleet knows about devices a {@link TelemetryStore} does not hold: which names are
 * hosts, and which are T0 switches of which plane. A store that sees only part of the fabric (one of
 * the rollups' partitions) cannot tell a host it never heard from a T1 when both are just LLDP
 * neighbors of one of its switches; with these roles it learns the topology as a store of the whole
 * fabric would (ADR 0116). Read from the store's owner thread; an implementation may be filled by
 * another thread.
 */
public interface FleetRoles {

    /** No fleet: the store learns from its own devices alone. */
    FleetRoles NONE = new FleetRoles() {
        @Override
        public boolean isHost(String device) {
            return false;
        }

        @Override
        public int t0Plane(String device) {
            return -1;
        }

        @Override
        public int t1Plane(String device) {
            return -1;
        }

        @Override
        public long version() {
            return 0;
        }

        @Override
        public boolean partOfFleet() {
            return false;
        }
    };

    /** Whether some part of the fleet holds {@code device} as a host (a device that reports MRC planes). */
    boolean isHost(String device);

    /** The plane of {@code device} when some host of the fleet faces it on that plane's port; -1 otherwise. */
    int t0Plane(String device);

    /**
     * The plane of {@code device} when some part of the fleet holds it as a T1: a switch of its own that
     * is the LLDP neighbor of that plane's T0 (ADR 0139); -1 otherwise.
     */
    int t1Plane(String device);

    /**
     * Whether the store these roles serve holds only part of a fleet. Such a store places a T0's
     * neighbor as a T1 only when it holds that switch or the fleet told it is one, never by elimination:
     * a host not heard of yet is not a T1 (ADR 0139). A store of the whole fabric ({@link #NONE}) takes
     * what is neither a host nor a T0 for a T1.
     */
    default boolean partOfFleet() {
        return true;
    }

    /** Changes whenever an answer may have: the store then learns its topology again. */
    long version();

    /**
     * The roles a store learnt from its own devices, for the rest of the fleet.
     *
     * @param hosts the devices that report MRC planes
     * @param t0Planes the LLDP neighbor of each host's plane-P port, with P
     * @param t1Planes the store's own switches that are LLDP neighbors of plane P's T0s and not T0s
     *     themselves, with P
     */
    record Local(Set<String> hosts, Map<String, Integer> t0Planes, Map<String, Integer> t1Planes) {
        public static final Local NONE = new Local(Set.of(), Map.of(), Map.of());

        public Local {
            hosts = Set.copyOf(hosts);
            t0Planes = Map.copyOf(t0Planes);
            t1Planes = Map.copyOf(t1Planes);
        }
    }
}
