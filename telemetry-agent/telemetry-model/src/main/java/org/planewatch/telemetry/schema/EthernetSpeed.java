package org.planewatch.telemetry.schema;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The {@code ETHERNET_SPEED} identities of openconfig-if-ethernet ({@code port-speed}) and the
 * Gb/s each names: agents name their ports' speed with them, the console turns them back into a
 * link capacity.
 */
public final class EthernetSpeed {
    /** The identity of a speed the model does not name. */
    public static final String UNKNOWN = "SPEED_UNKNOWN";

    private static final String[] NAMES = {
        "SPEED_10MB", "SPEED_100MB", "SPEED_1GB", "SPEED_2500MB", "SPEED_5GB", "SPEED_10GB", "SPEED_25GB",
        "SPEED_40GB", "SPEED_50GB", "SPEED_100GB", "SPEED_200GB", "SPEED_400GB", "SPEED_600GB", "SPEED_800GB",
        "SPEED_1600GB"
    };
    private static final double[] GBPS = {0.01, 0.1, 1, 2.5, 5, 10, 25, 40, 50, 100, 200, 400, 600, 800, 1600};

    public static final List<String> IDENTITIES = identities();

    private EthernetSpeed() {}

    private static List<String> identities() {
        String[] all = Arrays.copyOf(NAMES, NAMES.length + 1);
        all[NAMES.length] = UNKNOWN;
        return List.of(all);
    }

    /** The identity of exactly {@code gbps}, or {@link #UNKNOWN}. */
    public static String identity(double gbps) {
        for (int i = 0; i < GBPS.length; i++) {
            if (GBPS[i] == gbps) {
                return NAMES[i];
            }
        }
        return UNKNOWN;
    }

    /**
     * The Gb/s an identity names; empty for {@link #UNKNOWN} and names not in the model. A module
     * prefix ({@code openconfig-if-ethernet:SPEED_100GB}, as JSON encodings carry it) is ignored.
     */
    public static OptionalDouble gbps(String identity) {
        if (identity == null) {
            return OptionalDouble.empty();
        }
        String name = identity.substring(identity.indexOf(':') + 1);
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i].equals(name)) {
                return OptionalDouble.of(GBPS[i]);
            }
        }
        return OptionalDouble.empty();
    }
}
