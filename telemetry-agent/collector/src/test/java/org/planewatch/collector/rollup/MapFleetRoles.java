package org.planewatch.collector.rollup;

import java.util.HashMap;
import java.util.Map;
import org.planewatch.console.state.FleetRoles;

/** The roles topic as a per-device task reads it back: a map, and a version that moves with each change. */
final class MapFleetRoles implements FleetRoles {
    private final Map<String, FleetRole> roles = new HashMap<>();
    private long version;

    void learn(FleetRole role) {
        if (!role.equals(roles.put(role.device(), role))) {
            version++;
        }
    }

    @Override
    public boolean isHost(String device) {
        FleetRole role = roles.get(device);
        return role != null && role.isHost();
    }

    @Override
    public int t0Plane(String device) {
        FleetRole role = roles.get(device);
        return role == null ? -1 : role.t0Plane();
    }

    @Override
    public int t1Plane(String device) {
        FleetRole role = roles.get(device);
        return role == null ? -1 : role.t1Plane();
    }

    @Override
    public long version() {
        return version;
    }
}
