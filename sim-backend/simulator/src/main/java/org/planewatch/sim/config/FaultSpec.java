package org.planewatch.sim.config;

/**
 * One fault at a simulated time, from a scenario file or injected while running.
 * Subtypes mirror the scenario syntax: {@code {atUs, link, action: down|up|flap|gray|crc}},
 * {@code {atUs, switch, action: reboot, downUs}}, {@code {atUs, plane, action: down|up}}.
 */
public sealed interface FaultSpec {
    /** Simulated time of the fault, in nanoseconds since the start of the run. */
    long atNs();

    record LinkDown(long atNs, String link) implements FaultSpec {}

    record LinkUp(long atNs, String link) implements FaultSpec {}

    /** The link goes down for {@code downNs} every {@code periodNs}, {@code count} times. */
    record LinkFlap(long atNs, String link, long periodNs, long downNs, int count) implements FaultSpec {}

    /** Silent drops with probability {@code dropProbability}, both directions (0 restores). */
    record GrayLink(long atNs, String link, double dropProbability) implements FaultSpec {}

    /** Bit errors: a packet of L bytes is dropped as a CRC error with probability 1-(1-ber)^(8L). */
    record CrcErrors(long atNs, String link, double bitErrorRate) implements FaultSpec {}

    record SwitchReboot(long atNs, String switchName, long downNs) implements FaultSpec {}

    record PlaneDown(long atNs, int plane) implements FaultSpec {}

    record PlaneUp(long atNs, int plane) implements FaultSpec {}
}
