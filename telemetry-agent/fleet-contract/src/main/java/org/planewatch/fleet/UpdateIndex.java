package org.planewatch.fleet;

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
     * The most records kept: a device sends about one record a sample, a few an index holds at full
     * scale; one that sends many more (exclusion events in an incident, a fast sample) is listed
     * from its 32nd-last record on, still two samples' worth and more.
     */
    public static final int KEPT = 32;

    private static final byte VERSION = 1;
    private static final int ENTRY_BYTES = 2 * Long.BYTES;

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

    public byte[] encode() {
        ByteBuffer out = ByteBuffer.allocate(2 + entries.size() * ENTRY_BYTES);
        out.put(VERSION).put((byte) entries.size());
        for (Entry entry : entries) {
            out.putLong(entry.offset()).putLong(entry.timestampMillis());
        }
        return out.array();
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
        int count = Byte.toUnsignedInt(in.get());
        if (bytes.length != 2 + count * ENTRY_BYTES) {
            throw new IllegalArgumentException("an update index of " + count + " records takes "
                    + (2 + count * ENTRY_BYTES) + " bytes, not " + bytes.length);
        }
        List<Entry> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            entries.add(new Entry(in.getLong(), in.getLong()));
        }
        return new UpdateIndex(entries);
    }
}
