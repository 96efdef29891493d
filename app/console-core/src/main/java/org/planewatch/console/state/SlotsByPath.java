package org.planewatch.console.state;

import java.util.Arrays;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * A device's resolved leaves by path: open addressing in two arrays (paths and slots), no entry
 * objects. The hash map it replaces cost a 32-byte node per leaf, 215 MB of the console's heap at
 * 9,728 devices (issue 20). Paths cache their hash; a probe compares by identity first.
 */
final class SlotsByPath {
    private TelemetryPath[] paths = new TelemetryPath[16];
    private LeafSlot[] slots = new LeafSlot[16];
    private int size;

    int size() {
        return size;
    }

    LeafSlot get(TelemetryPath path) {
        int mask = paths.length - 1;
        for (int i = spread(path.hashCode()) & mask; ; i = (i + 1) & mask) {
            TelemetryPath p = paths[i];
            if (p == null) {
                return null;
            }
            if (p == path || p.equals(path)) {
                return slots[i];
            }
        }
    }

    void put(TelemetryPath path, LeafSlot slot) {
        if ((size + 1) * 4 > paths.length * 3) { // at most three quarters full
            grow();
        }
        int mask = paths.length - 1;
        for (int i = spread(path.hashCode()) & mask; ; i = (i + 1) & mask) {
            TelemetryPath p = paths[i];
            if (p == null) {
                paths[i] = path;
                slots[i] = slot;
                size++;
                return;
            }
            if (p == path || p.equals(path)) {
                slots[i] = slot;
                return;
            }
        }
    }

    void clear() {
        Arrays.fill(paths, null);
        Arrays.fill(slots, null);
        size = 0;
    }

    private void grow() {
        TelemetryPath[] oldPaths = paths;
        LeafSlot[] oldSlots = slots;
        paths = new TelemetryPath[oldPaths.length * 2];
        slots = new LeafSlot[oldPaths.length * 2];
        size = 0;
        for (int i = 0; i < oldPaths.length; i++) {
            if (oldPaths[i] != null) {
                put(oldPaths[i], oldSlots[i]);
            }
        }
    }

    /** Paths of one device differ in a key or the last name: mixes the hash's high bits into the low ones. */
    private static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
