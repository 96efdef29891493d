package org.planewatch.fleet;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one device's latest records are in the updates topic (ADR 0157): the offsets and timestamps of
 * its records of the last {@link #SPAN_MILLIS} before its newest, at most {@link #KEPT}, in the
 * partition its key goes to, oldest first. The rollups keep one
 * per device, in the store {@link FleetTopics#UPDATE_INDEX_STORE}; a drill-down reads the device's
 * index from that store's changelog and fetches those records alone, rather than reading the whole
 * partition over its look-back, which held some 20 MB of other devices' records at full scale.
 *
 * @param entries oldest first, offsets increasing, at most {@link #KEPT}: every record of the device
 *     from the first listed on
 */
public record UpdateIndex(List<Entry> entries) {
    /**
     * How far back from its newest record a device's records are kept: past the console's look-back
     * of 150 s (two samples at a minute each, and the time they take to reach Kafka).
     */
    public static final long SPAN_MILLIS = 180_000;

    /**
     * The most records kept. Our agents send a device's sample as one record, so an index holds three
     * or four at a sample a minute; an agent that sends a notification per parent path (some 50 a
     * device and sample, docs/scale.md) needs some 150 for the look-back's two samples and more, and a
     * host in an incident sends exclusion events between them.
     */
    public static final int KEPT = 256;

    private static final byte VERSION = 1;

    /** A record of the device: its offset in the partition, its timestamp (epoch milliseconds). */
    public record Entry(long offset, long timestampMillis) {}

    public UpdateIndex {
        entries = List.copyOf(entries);
        if (entries.size() > KEPT) {
            throw new IllegalArgumentException(
                    "an update index keeps at most " + KEPT + " records, not " + entries.size());
        }
        for (int i = 1; i < entries.size(); i++) {
            if (entries.get(i).offset() <= entries.get(i - 1).offset()) {
                throw new IllegalArgumentException("an update index's offsets must increase: "
                        + entries.get(i - 1).offset() + " then "
                        + entries.get(i).offset());
            }
        }
    }

    public static final UpdateIndex EMPTY = new UpdateIndex(List.of());

    /**
     * This index with the record at {@code offset} added, those older than {@link #SPAN_MILLIS} before
     * it and the oldest beyond {@link #KEPT} dropped; this same index when it has that offset or a later
     * one already (a record read again, as after a restart from the last commit).
     */
    public UpdateIndex with(long offset, long timestampMillis) {
        if (!entries.isEmpty() && offset <= entries.getLast().offset()) {
            return this;
        }
        List<Entry> kept = new ArrayList<>(Math.min(KEPT, entries.size() + 1));
        int from = Math.max(0, entries.size() + 1 - KEPT);
        for (Entry entry : entries.subList(from, entries.size())) {
            if (entry.timestampMillis() >= timestampMillis - SPAN_MILLIS) {
                kept.add(entry);
            }
        }
        kept.add(new Entry(offset, timestampMillis));
        return new UpdateIndex(kept);
    }

    /** The records stamped at {@code fromMillis} or later and at offsets before {@code beforeOffset}, oldest first. */
    public List<Entry> between(long fromMillis, long beforeOffset) {
        return entries.stream()
                .filter(e -> e.timestampMillis() >= fromMillis && e.offset() < beforeOffset)
                .toList();
    }

    /**
     * Version, count, then each record's offset and timestamp as the difference from the record before
     * (the first's from zero), in variable-length bytes: a few bytes a record, not sixteen.
     */
    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(2 + entries.size() * 6);
        out.write(VERSION);
        writeVarLong(out, entries.size());
        long offset = 0;
        long timestamp = 0;
        for (Entry entry : entries) {
            writeVarLong(out, entry.offset() - offset);
            writeVarLong(out, zigZag(entry.timestampMillis() - timestamp)); // collectors' clocks may step back
            offset = entry.offset();
            timestamp = entry.timestampMillis();
        }
        return out.toByteArray();
    }

    /** The index {@code bytes} encode; an {@link IllegalArgumentException} saying what is wrong otherwise. */
    public static UpdateIndex decode(byte[] bytes) {
        if (bytes == null || bytes.length < 2) {
            throw new IllegalArgumentException("an update index of " + (bytes == null ? 0 : bytes.length)
                    + " bytes: at least 2 expected (version, count)");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte version = in.get();
        if (version != VERSION) {
            throw new IllegalArgumentException(
                    "an update index of version " + version + ": this reader knows " + VERSION);
        }
        long count = readVarLong(in);
        if (count > KEPT) {
            throw new IllegalArgumentException("an update index of " + count + " records: at most " + KEPT);
        }
        List<Entry> entries = new ArrayList<>((int) count);
        long offset = 0;
        long timestamp = 0;
        for (int i = 0; i < count; i++) {
            offset += readVarLong(in);
            timestamp += unZigZag(readVarLong(in));
            entries.add(new Entry(offset, timestamp));
        }
        if (in.hasRemaining()) {
            throw new IllegalArgumentException(
                    "an update index of " + count + " records has " + in.remaining() + " bytes more after them");
        }
        return new UpdateIndex(entries);
    }

    private static void writeVarLong(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    private static long readVarLong(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!in.hasRemaining()) {
                throw new IllegalArgumentException("an update index ends inside a number at byte " + in.position());
            }
            byte b = in.get();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalArgumentException(
                "an update index has a number longer than 10 bytes at byte " + in.position());
    }

    private static long zigZag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    private static long unZigZag(long value) {
        return (value >>> 1) ^ -(value & 1);
    }
}
