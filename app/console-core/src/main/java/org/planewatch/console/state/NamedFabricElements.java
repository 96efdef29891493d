package org.planewatch.console.state;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.planewatch.console.state.localize.FabricElements;

/**
 * The localization's view of the fabric: which device is a host or a switch, as the fabric model
 * classifies it (from LLDP first, from the name's pattern only as a last resort, ADR 0094).
 */
final class NamedFabricElements implements FabricElements {
    /** Names repeat in every decision; a fabric has few. Cleared when full, as the link lists are. */
    private static final int MAX_NAMES = 10_000;

    private final Map<String, List<String>> ends = new HashMap<>();
    private final Function<String, DeviceName> classify;

    NamedFabricElements(Function<String, DeviceName> classify) {
        this.classify = classify;
    }

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
        return classify.apply(name);
    }
}
