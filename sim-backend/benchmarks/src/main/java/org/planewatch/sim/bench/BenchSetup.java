package org.planewatch.sim.bench;

import java.util.List;
import java.util.Locale;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.workload.ConnectionMatrix;

/**
 * How a benchmark runs a connection matrix: a preset fabric sized to the matrix's host count, and
 * either the preset's own transport on one plane ({@code uec}, the reference's setup) or MRC on
 * {@code planes} planes of the same shape ({@code mrc}: same hosts, P times the NIC bandwidth).
 *
 * @param preset fabric preset name
 * @param mode {@link TransportMode#UEC} or {@link TransportMode#MRC}
 * @param planes planes for MRC; must be 1 for UEC
 * @param seed simulation seed
 */
public record BenchSetup(String preset, TransportMode mode, int planes, long seed) {

    public static final int DEFAULT_MRC_PLANES = 8;
    public static final long DEFAULT_SEED = 1;

    public BenchSetup {
        FabricPresets.transport(preset);
        if (mode != TransportMode.UEC && mode != TransportMode.MRC) {
            throw new IllegalArgumentException("bench mode must be uec or mrc, got " + mode);
        }
        if (planes < 1) {
            throw new IllegalArgumentException("planes must be >= 1, got " + planes);
        }
        if (mode == TransportMode.UEC && planes != 1) {
            throw new IllegalArgumentException(
                    "uec runs on one plane, as the reference does; --planes needs --mode mrc");
        }
    }

    /** The transport the benchmark runs: the preset's for UEC, MRC's defaults for MRC. */
    public TransportConfig transport() {
        return mode == TransportMode.MRC
                ? TransportConfig.defaults(TransportMode.MRC)
                : FabricPresets.transport(preset);
    }

    /** @throws IllegalArgumentException if the preset cannot hold the matrix's hosts */
    public Scenario scenario(ConnectionMatrix matrix, String matrixName) {
        FabricConfig fabric = FabricPresets.fabric(preset, matrix.nodes());
        TransportConfig transport = transport();
        if (mode == TransportMode.MRC) {
            fabric = fabric.withPlanes(planes);
        }
        String name = preset + "/" + matrixName + "/" + mode.name().toLowerCase(Locale.ROOT)
                + (mode == TransportMode.MRC ? "-" + planes + "p" : "");
        return new Scenario(name, seed, fabric, transport, matrix.toWorkload(), List.of(), 0);
    }
}
