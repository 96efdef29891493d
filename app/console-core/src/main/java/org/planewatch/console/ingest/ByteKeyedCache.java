package org.planewatch.console.ingest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Decoded values by the raw wire bytes they were decoded from (an encoded gNMI path, a prefix), for
 * one connection's streams. Agents repeat the same few thousand paths every sample, so the decoder hashes and
 * compares the bytes in place instead of building strings, maps and path objects per update.
 * Open addressing with linear probing; when full, the table is emptied and refilled from the wire
 * (bounded memory whatever an agent sends). One thread at a time.
 */
final class ByteKeyedCache<V> {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int maxEntries;
    private byte[][] keys;
    private int[] hashes;
    private Object[] values;
    private int size;

    ByteKeyedCache(int maxEntries) {
        this.maxEntries = maxEntries;
        allocate(64);
    }

    private void allocate(int capacity) {
        keys = new byte[capacity][];
        hashes = new int[capacity];
        values = new Object[capacity];
        size = 0;
    }

    /** 64-bit multiply-xorshift over 8 bytes at a time, folded to 32 bits. */
    static int hash(byte[] bytes, int from, int to) {
        long h = 0x9E3779B97F4A7C15L ^ (to - from);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            h = (h ^ (long) LONGS.get(bytes, i)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        for (; i < to; i++) {
            h = (h ^ bytes[i]) * 0x94D049BB133111EBL;
        }
        h ^= h >>> 29;
        return (int) (h ^ (h >>> 32));
    }

    @SuppressWarnings("unchecked")
    V get(byte[] bytes, int from, int to, int hash) {
        int mask = keys.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            byte[] key = keys[slot];
            if (key == null) {
                return null;
            }
            if (hashes[slot] == hash && Arrays.equals(key, 0, key.length, bytes, from, to)) {
                return (V) values[slot];
            }
        }
    }

    void put(byte[] bytes, int from, int to, int hash, V value) {
        if (size >= maxEntries) {
            allocate(keys.length);
        } else if ((size + 1) * 2 > keys.length) {
            grow();
        }
        insert(Arrays.copyOfRange(bytes, from, to), hash, value);
    }

    private void insert(byte[] key, int hash, Object value) {
        int mask = keys.length - 1;
        int slot = hash & mask;
        while (keys[slot] != null) {
            if (hashes[slot] == hash && Arrays.equals(keys[slot], key)) {
                values[slot] = value;
                return;
            }
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        hashes[slot] = hash;
        values[slot] = value;
        size++;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        int[] oldHashes = hashes;
        Object[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                insert(oldKeys[i], oldHashes[i], oldValues[i]);
            }
        }
    }

    int size() {
        return size;
    }
}
