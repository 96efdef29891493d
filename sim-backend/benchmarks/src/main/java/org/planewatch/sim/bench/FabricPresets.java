package org.planewatch.sim.bench;

import java.util.List;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;

/**
 * Named fabrics that match a reference setup, so a benchmark runs the same network as the
 * reference simulator. {@code leafspine-16x16} is htsim's Ultra Ethernet setup
 * (sim-backend/reference/htsim/README.md): one plane, ToRs with 16 hosts down and 16 uplinks, 16 spines with
 * N/16 down-ports each, 100 Gb/s and 1 us per link, 4086 B payload + 64 B header = 4150 B packets,
 * a data queue of one bandwidth-delay product (120,350 B = 29 packets), a header queue twice that,
 * ECN linear from 24,900 B to 99,600 B, no switch latency, UEC transport (NSCC, 128 EVs, trimming).
 */
public final class FabricPresets {

    public static final String LEAFSPINE_16X16 = "leafspine-16x16";

    private static final int HOSTS_PER_TOR = 16;
    private static final int SPINES = 16;
    private static final long DATA_QUEUE_BYTES = 120_350;

    private FabricPresets() {}

    public static List<String> names() {
        return List.of(LEAFSPINE_16X16);
    }

    /**
     * The preset's one-plane fabric for a host count.
     *
     * @throws IllegalArgumentException for an unknown preset or a host count it cannot build
     */
    public static FabricConfig fabric(String preset, int hosts) {
        requireKnown(preset);
        if (hosts < HOSTS_PER_TOR || hosts % HOSTS_PER_TOR != 0) {
            throw new IllegalArgumentException(
                    preset + " needs a positive multiple of " + HOSTS_PER_TOR + " hosts, got " + hosts);
        }
        return new FabricConfig(
                1,
                HOSTS_PER_TOR,
                hosts / HOSTS_PER_TOR,
                SPINES,
                100.0,
                1_000,
                4_086,
                64,
                DATA_QUEUE_BYTES,
                2 * DATA_QUEUE_BYTES,
                24_900,
                99_600,
                true,
                0,
                8);
    }

    /** The preset's transport: Ultra Ethernet's (NSCC, spraying over 128 EVs, trimming). */
    public static TransportConfig transport(String preset) {
        requireKnown(preset);
        return TransportConfig.defaults(TransportMode.UEC);
    }

    private static void requireKnown(String preset) {
        if (!names().contains(preset)) {
            throw new IllegalArgumentException(
                    "unknown preset '" + preset + "' (known: " + String.join(", ", names()) + ")");
        }
    }
}
