package org.planewatch.sim.switching;

import java.util.Arrays;

/**
 * Every packet in flight as an int index into parallel arrays (struct of arrays), recycled through
 * a free list: the hot path allocates nothing. Queues and wires chain packets through {@link #next}.
 *
 * <p>Fields are public arrays for speed; they are replaced when the pool grows, so never keep a
 * reference to an array across a call that may allocate a packet.
 */
public final class PacketPool {
    public static final byte DATA = 0;
    public static final byte ACK = 1;
    public static final byte NACK = 2;
    public static final byte PROBE = 3;
    public static final byte PROBE_REPLY = 4;

    public static final byte FLAG_TRIMMED = 1;
    public static final byte FLAG_ECN = 2;
    public static final byte FLAG_LAST_HOP = 4;
    public static final byte FLAG_ACK_REQUEST = 8;
    public static final byte FLAG_RETRANSMIT = 16;
    /** Trimmed by the port whose header queue holds it (counting only: cleared when it leaves that port). */
    public static final byte FLAG_TRIMMED_HERE = 32;

    public byte[] kind;
    public byte[] flags;
    public byte[] hop;
    public int[] qp;
    public int[] psn;
    public int[] ev;
    public int[] seq;
    public int[] wireBytes;
    public int[] payloadBytes;
    public int[] cumulative;
    public int[] next;
    public long[] route;
    /** Send time of the data packet (echoed by its ACK for RTT samples). */
    public long[] stamp;

    public long[] sack;
    /** Receive bits of the 64 PSNs from the cumulative PSN on (the holes' neighbourhood). */
    public long[] sackLow;

    private int[] free;
    private int freeCount;
    private int capacity;
    private int live;

    public PacketPool(int initialCapacity) {
        capacity = 0;
        resize(Math.max(64, initialCapacity));
    }

    public int allocate() {
        if (freeCount == 0) {
            resize(capacity * 2);
        }
        int packet = free[--freeCount];
        live++;
        flags[packet] = 0;
        hop[packet] = 0;
        next[packet] = -1;
        return packet;
    }

    public void release(int packet) {
        free[freeCount++] = packet;
        live--;
    }

    public int live() {
        return live;
    }

    private void resize(int newCapacity) {
        kind = grow(kind, newCapacity);
        flags = grow(flags, newCapacity);
        hop = grow(hop, newCapacity);
        qp = grow(qp, newCapacity);
        psn = grow(psn, newCapacity);
        ev = grow(ev, newCapacity);
        seq = grow(seq, newCapacity);
        wireBytes = grow(wireBytes, newCapacity);
        payloadBytes = grow(payloadBytes, newCapacity);
        cumulative = grow(cumulative, newCapacity);
        next = grow(next, newCapacity);
        route = grow(route, newCapacity);
        stamp = grow(stamp, newCapacity);
        sack = grow(sack, newCapacity);
        sackLow = grow(sackLow, newCapacity);
        int[] newFree = new int[newCapacity];
        if (free != null) {
            System.arraycopy(free, 0, newFree, 0, freeCount);
        }
        for (int packet = newCapacity - 1; packet >= capacity; packet--) {
            newFree[freeCount++] = packet;
        }
        free = newFree;
        capacity = newCapacity;
    }

    private static byte[] grow(byte[] array, int length) {
        return array == null ? new byte[length] : Arrays.copyOf(array, length);
    }

    private static int[] grow(int[] array, int length) {
        return array == null ? new int[length] : Arrays.copyOf(array, length);
    }

    private static long[] grow(long[] array, int length) {
        return array == null ? new long[length] : Arrays.copyOf(array, length);
    }
}
