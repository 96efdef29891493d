package org.planewatch.sim.config;

import java.util.Locale;

/**
 * The simulator's hard limits on a scenario, whatever the heap: each comes from how the simulation
 * represents something (an int index, a packed field, picoseconds in a long). docs/scenarios.md
 * lists them; a scenario beyond one is refused before anything is built. How much heap a scenario
 * needs is a separate check ({@code org.planewatch.sim.limits.HeapBudget}).
 */
public final class Limits {

    /**
     * Longest time or delay a scenario may give: 1000 s of simulated time. The engine counts
     * picoseconds in a long (106 days); a bound far below that keeps every sum of times exact.
     */
    public static final long MAX_TIME_NS = 1_000_000_000_000L;

    /** Per-port state is one Java array of 17 longs per port: 17 x ports must stay an array length. */
    public static final int LONGS_PER_PORT = 17;

    /** Switch and NIC ports (two per link): the per-port arrays are indexed by an int. */
    public static final long MAX_PORTS = (Integer.MAX_VALUE - 8) / LONGS_PER_PORT;

    /** Ports of one switch: a source route is three 21-bit uSIDs, each an egress port number (0 .. 2^21 - 1). */
    public static final int MAX_SWITCH_PORTS = 1 << 21;

    /** EVs per QP: a packet carries its EV number in 16 bits. */
    public static final int MAX_EVS_PER_QP = Short.MAX_VALUE;

    /** QP timer = 1.024 us x 2^t: t = 29 is 550 s, the largest within {@link #MAX_TIME_NS}. */
    public static final int MAX_QP_TIMER_EXPONENT = 29;

    /** Slowest and fastest link: 1 Mb/s to 1 Pb/s keeps serialisation times within {@link #MAX_TIME_NS}. */
    public static final double MIN_LINK_GBPS = 0.001;

    public static final double MAX_LINK_GBPS = 1_000_000;

    /** Largest payload and header of a packet (1 MiB). */
    public static final int MAX_PACKET_BYTES = 1 << 20;

    /** Loss-timer length in base RTTs. */
    public static final double MAX_LOSS_TIMER_RTTS = 1_000_000;

    /** Packets one QP carries over a whole run: PSNs are 32-bit and never wrap in the model. */
    public static final long MAX_PACKETS_PER_QP = Integer.MAX_VALUE;

    /** QPs of a workload: QPs are numbered by an int and held in one array. */
    public static final long MAX_QPS = Integer.MAX_VALUE - 8;

    /** Flows of a matrix workload: a flow that starts later is a timer whose argument has 24 bits. */
    public static final int MAX_MATRIX_FLOWS = (1 << 24) - 2;

    /** Largest scenario file (3 MiB): the YAML reader's own limit on a document. */
    public static final long MAX_SCENARIO_FILE_BYTES = 3L * 1024 * 1024;

    private Limits() {}

    /** {@code 1,234,567}: limits and values in messages, readable at a glance. */
    public static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    static void requireAtMost(String name, long value, long limit, String why) {
        if (value > limit) {
            throw new IllegalArgumentException(
                    name + " must be <= " + grouped(limit) + " (" + why + "), got " + grouped(value));
        }
    }

    static void requireTime(String name, long nanos) {
        requireAtMost(name, nanos, MAX_TIME_NS, "1000 s, the longest simulated time");
    }
}
