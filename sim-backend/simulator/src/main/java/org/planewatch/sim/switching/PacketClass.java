package org.planewatch.sim.switching;

/**
 * What a packet is at a given moment, for accounting: a packet slot changes class as it travels (a
 * trimmed data packet becomes a header, a delivered one the ACK or NACK that answers it).
 */
public enum PacketClass {
    /** A data packet with its payload. */
    DATA,
    /** A data packet a switch trimmed to its header. */
    TRIMMED_HEADER,
    ACK,
    NACK,
    PROBE,
    PROBE_REPLY;

    private static final PacketClass[] VALUES = values();

    static final int COUNT = VALUES.length;

    /** The class of packet {@code packet} of {@code pool} now. */
    public static PacketClass of(PacketPool pool, int packet) {
        return VALUES[index(pool.kind[packet], pool.flags[packet])];
    }

    static int index(byte kind, byte flags) {
        return switch (kind) {
            case PacketPool.DATA -> (flags & PacketPool.FLAG_TRIMMED) == 0 ? 0 : 1;
            case PacketPool.ACK -> 2;
            case PacketPool.NACK -> 3;
            case PacketPool.PROBE -> 4;
            case PacketPool.PROBE_REPLY -> 5;
            default -> throw new IllegalStateException("unknown packet kind " + kind);
        };
    }
}
