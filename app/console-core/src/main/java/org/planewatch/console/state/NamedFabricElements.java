package org.planewatch.console.state;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.state.localize.FabricElements;

/**
 * The localization's view of the fabric's names, read from the device names as the rest of the
 * model reads them ({@link DeviceName}): the one place to change when the topology comes from
 * elsewhere.
 */
final class NamedFabricElements implements FabricElements {
    /** Names repeat in every decision; a fabric has few. Cleared when full, as the link lists are. */
    private static final int MAX_NAMES = 10_000;

    private final Map<String, DeviceName> devices = new HashMap<>();
    private final Map<String, List<String>> ends = new HashMap<>();

    @Override
    public List<String> ends(String link) {
        List<String> known = ends.get(link);
        if (known == null) {
            if (ends.size() >= MAX_NAMES) {
                ends.clear();
            }
            known = DeviceName.ends(link);
            ends.put(link, known);
        }
        return known;
    }

    @Override
    public boolean isSwitch(String device) {
        return device(device).isSwitch();
    }

    @Override
    public boolean isHost(String device) {
        return device(device).isHost();
    }

    private DeviceName device(String name) {
        DeviceName known = devices.get(name);
        if (known == null) {
            if (devices.size() >= MAX_NAMES) {
                devices.clear();
            }
            known = DeviceName.parse(name);
            devices.put(name, known);
        }
        return known;
    }
}
