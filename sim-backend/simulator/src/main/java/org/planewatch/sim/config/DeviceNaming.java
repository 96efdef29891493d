package org.planewatch.sim.config;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How a scenario names its devices (the {@code names} section): the default names
 * ({@code host-<n>}, {@code p<plane>-t0-<i>}, {@code p<plane>-t1-<j>}), or templates per kind, each
 * device's name overridable by an explicit map from its default name. The simulator keeps numbering
 * devices internally; only what it shows (telemetry, reports, fault targets) carries these names.
 *
 * @param host template of host names, variables {@code n} (host number), {@code t0} (the T0 it hangs
 *     off in every plane, i.e. its rack) and {@code k} (its port on that T0); null: {@code host-{n}}
 * @param t0 template of T0 names, variables {@code plane} and {@code i}; null: {@code p{plane}-t0-{i}}
 * @param t1 template of T1 names, variables {@code plane} and {@code j}; null: {@code p{plane}-t1-{j}}
 * @param explicit default name to chosen name, for single devices; applied after the templates
 */
public record DeviceNaming(NameTemplate host, NameTemplate t0, NameTemplate t1, Map<String, String> explicit) {

    public static final List<String> HOST_VARS = List.of("n", "t0", "k");
    public static final List<String> T0_VARS = List.of("plane", "i");
    public static final List<String> T1_VARS = List.of("plane", "j");

    /** The names devices have when a scenario chooses none. */
    public static final DeviceNaming DEFAULT = new DeviceNaming(null, null, null, Map.of());

    /** Longest device name: a gNMI target and a path key, kept to a DNS label's length. */
    public static final int MAX_NAME_CHARS = 63;

    /**
     * What a chosen name may hold: letters, digits, '.', '_' and '-', starting with a letter or digit.
     * Never '~' (it joins a link's ends) or ',' (it separates an exclusion event's links).
     */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0," + (MAX_NAME_CHARS - 1) + "}");

    public DeviceNaming {
        explicit = Map.copyOf(explicit);
    }

    public boolean isDefault() {
        return host == null && t0 == null && t1 == null && explicit.isEmpty();
    }

    /** Why {@code name} cannot name a device, or null when it can. */
    public static String problem(String name) {
        if (NAME.matcher(name).matches()) {
            return null;
        }
        return name.isEmpty()
                ? "an empty name"
                : name.length() > MAX_NAME_CHARS
                        ? "longer than " + MAX_NAME_CHARS + " characters"
                        : "not a device name (letters, digits, '.', '_' and '-', starting with a letter or digit)";
    }
}
