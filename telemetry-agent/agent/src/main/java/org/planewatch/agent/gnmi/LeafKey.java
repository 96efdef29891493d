package org.planewatch.agent.gnmi;

import org.planewatch.telemetry.path.TelemetryPath;

/** One leaf of one target: the key of per-subscription buffers and memories. */
record LeafKey(String target, TelemetryPath path) {

    @Override
    public int hashCode() {
        return target.hashCode() * 0x9E3779B9 ^ path.hashCode(); // mixed: 31 * a + b collides across targets
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LeafKey k && k.path.equals(path) && k.target.equals(target);
    }
}
