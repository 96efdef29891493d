package org.planewatch.console.ingest;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The leaves of a device that its agent may send only when they change and that the rollups read,
 * as the per-device stage remembers them, so that a task that moves to another collector (or
 * restarts) knows its devices again: it starts from the committed offset with an empty model. Without
 * them a moved task would never again know which port faces which device (LLDP, ADR 0118), and under
 * {@code suppress_redundant} (ADR 0124) it would take a port that is down for up (an unknown state is
 * not a down one), lose the links' speeds and count no EV of a host whose counts stand still (ADR
 * 0140). A counter that moves comes back with the next sample; one that stands still the agent sends
 * once more unchanged and then holds back, so it is kept, with its value, while it stands still: a
 * moved task, or a console drilling into the device, then has its rate, zero, instead of none (ADR
 * 0147).
 *
 * <p>Kept as tables of leaves ({@link #TABLES}); a device's record lists its distinct strings once
 * (port names recur in three tables, states and speeds in every port) and each leaf as its table,
 * leaf, keys and value by index: about 55 bytes a switch port with its LLDP neighbor, state and speed,
 * where the earlier record of the neighbor alone took some 70.
 */
public final class RememberedLeaves {
    /**
     * One table of kept leaves: a schema template whose keys are wildcards, and the leaves of it kept;
     * {@code counters}: counters kept only while they stand still (ADR 0147), not leaves sent on change.
     */
    private record Table(TelemetryPath template, List<String> leaves, PathPattern pattern, int keys, boolean counters) {
        Table(TelemetryPath template, List<String> leaves) {
            this(template, leaves, false);
        }

        Table(TelemetryPath template, List<String> leaves, boolean counters) {
            this(template, List.copyOf(leaves), new PathPattern(template), keyCount(template), counters);
        }

        private static int keyCount(TelemetryPath template) {
            int keys = 0;
            for (PathElem elem : template.elems()) {
                keys += elem.keys().size();
            }
            return keys;
        }

        /** The index of the leaf at {@code path} in {@link #leaves}, or -1 when it is not one of them. */
        int leafOf(TelemetryPath path) {
            if (path.size() != template.size() + 1 || !pattern.matches(path)) {
                return -1;
            }
            return leaves.indexOf(path.last().name());
        }

        /** The key values of {@code path}, in the template's order. */
        String[] keysOf(TelemetryPath path) {
            String[] values = new String[keys];
            int k = 0;
            for (int i = 0; i < template.size(); i++) {
                for (String name : template.elem(i).keys().keySet()) {
                    values[k++] = path.elem(i).key(name);
                }
            }
            return values;
        }

        TelemetryPath path(String[] keyValues, int leaf) {
            List<PathElem> elems = new ArrayList<>(template.size() + 1);
            int k = 0;
            for (PathElem elem : template.elems()) {
                if (elem.keys().isEmpty()) {
                    elems.add(elem);
                } else {
                    Map<String, String> keys = new LinkedHashMap<>();
                    for (String name : elem.keys().keySet()) {
                        keys.put(name, keyValues[k++]);
                    }
                    elems.add(new PathElem(elem.name(), keys));
                }
            }
            elems.add(PathElem.of(leaves.get(leaf)));
            return new TelemetryPath(template.origin(), elems);
        }

        /** Whether deleting {@code deleted} may remove leaves of this table: it lies under the template, or above it. */
        boolean reachedBy(TelemetryPath deleted) {
            if (!deleted.origin().equals(template.origin())) {
                return false;
            }
            // A delete elsewhere under the same origin (an exclusion ring's eviction, in most host
            // samples) differs at its first element: no pattern is made for it.
            if (deleted.size() > 0
                    && !deleted.elem(0).name().equals(template.elem(0).name())) {
                return false;
            }
            return pattern.matches(deleted) || new PathPattern(deleted).overlaps(template);
        }
    }

    /**
     * The tables kept. A table's place in this list is its number in the records: append, never
     * reorder. The LLDP leaves the topology is learnt from; a port's state and speed (the links' state
     * and capacity); a host plane's port, state and EV counts (the plane's path health); then the
     * counters of a port and of a host plane that the rollups read, kept while they stand still.
     */
    private static final List<Table> TABLES = List.of(
            new Table(LldpLeaves.STATE_TEMPLATE, LldpLeaves.TOPOLOGY),
            new Table(InterfaceLeaves.STATE_TEMPLATE, List.of(InterfaceLeaves.OPER_STATUS)),
            new Table(InterfaceLeaves.ETHERNET_STATE_TEMPLATE, List.of(InterfaceLeaves.PORT_SPEED)),
            new Table(
                    PlaneLeaves.STATE_TEMPLATE,
                    List.of(
                            PlaneLeaves.PORT_NAME,
                            PlaneLeaves.OPER_STATUS,
                            PlaneLeaves.EVS_GOOD,
                            PlaneLeaves.EVS_ASSUMED_BAD,
                            PlaneLeaves.EVS_DENIED,
                            PlaneLeaves.EVS_UNKNOWN)),
            new Table(
                    InterfaceLeaves.COUNTERS_TEMPLATE,
                    List.of(
                            InterfaceLeaves.OUT_OCTETS,
                            InterfaceLeaves.TRIM_PKTS,
                            InterfaceLeaves.IN_ERRORS,
                            InterfaceLeaves.IN_DISCARDS),
                    true),
            new Table(PlaneLeaves.STATE_TEMPLATE, List.of(PlaneLeaves.RX_OCTETS, PlaneLeaves.TX_OCTETS), true));

    /** The LLDP table: the only one the earlier records (neighbors alone) held. */
    private static final int LLDP = 0;

    /** The name of every kept leaf: most updates (counters) are turned away on their name alone. */
    private static final Set<String> KEPT_NAMES = keptNames();

    /** The first int of this record format; the earlier format began with its count of leaves, never negative. */
    private static final int FORMAT = -1;

    private static final byte TEXT = 0;
    private static final byte UINT = 1;
    private static final byte INT = 2;
    private static final byte BOOL = 3;
    private static final byte REAL = 4;
    /**
     * An unsigned value seven bits a byte: counters kept while still (ADR 0147) are mostly small (an
     * error count of zero is one byte, a port's octets five or six), and a switch keeps some 1,500 of them.
     */
    private static final byte VAR_UINT = 5;

    private RememberedLeaves() {}

    private static Set<String> keptNames() {
        Set<String> names = new HashSet<>();
        TABLES.stream().filter(t -> !t.counters()).forEach(t -> names.addAll(t.leaves()));
        return Set.copyOf(names);
    }

    /**
     * Whether {@code notification} may change what is remembered: a kept leaf, or a delete at or above
     * one (an agent's exclusion ring evicting decisions sends deletes with most samples: those need no
     * look at what is kept).
     */
    public static boolean touches(IngestEvent.Notification notification) {
        for (TelemetryPath deleted : notification.deletes()) {
            if (reached(deleted)) {
                return true;
            }
        }
        for (TelemetryUpdate update : notification.updates()) {
            if (kept(update.path()) != null) {
                return true;
            }
        }
        return false;
    }

    private static boolean reached(TelemetryPath deleted) {
        for (Table table : TABLES) {
            if (table.reachedBy(deleted)) {
                return true;
            }
        }
        return false;
    }

    /** The kept leaf sent on change at {@code path}, or null when it is not one. */
    private static Leaf kept(TelemetryPath path) {
        if (path.size() == 0 || !KEPT_NAMES.contains(path.last().name())) {
            return null;
        }
        return leafIn(path, false);
    }

    /** The leaf at {@code path} of a table of counters ({@code counters}) or of leaves sent on change; null: none. */
    private static Leaf leafIn(TelemetryPath path, boolean counters) {
        for (int t = 0; t < TABLES.size(); t++) {
            Table table = TABLES.get(t);
            int leaf = table.counters() == counters ? table.leafOf(path) : -1;
            if (leaf >= 0) {
                return new Leaf(t, leaf, table.keysOf(path));
            }
        }
        return null;
    }

    /**
     * A counter that stood still (its sample had the value of the one before) or moved on (at two
     * samples in a row since), as a rollup task's model tells it ({@code CounterTurns}, ADRs 0147, 0149).
     */
    public record Turn(TelemetryPath counter, long value, boolean stoodStill) {}

    /**
     * What is remembered once {@code incoming} is applied to {@code remembered} (null: nothing yet):
     * its kept leaves replace the same leaves, its deletes remove the leaves below them. Null when
     * nothing changed, an empty array when nothing is left.
     */
    public static byte[] merge(byte[] remembered, IngestEvent.Notification incoming) {
        return merge(remembered, incoming, List.of());
    }

    /**
     * What is remembered once {@code incoming} and the counters that turned while it was applied are
     * put on {@code remembered} (null: nothing yet): a counter that stood still is kept with its value
     * (of the tables of counters: others are let go), one that moved on is forgotten: kept through the
     * sample where it moved again, so that a reader of that sample rates the move (ADR 0149). Null when
     * nothing changed, an empty array when nothing is left.
     */
    public static byte[] merge(byte[] remembered, IngestEvent.Notification incoming, List<Turn> turns) {
        Map<Leaf, TelemetryValue> leaves = remembered == null ? new LinkedHashMap<>() : decode(remembered);
        boolean changed = false;
        for (Turn turn : turns) {
            Leaf counter = leafIn(turn.counter(), true);
            if (counter == null) {
                continue;
            }
            TelemetryValue value = new TelemetryValue.Uint(turn.value());
            changed |= turn.stoodStill() ? !value.equals(leaves.put(counter, value)) : leaves.remove(counter) != null;
        }
        for (TelemetryPath deleted : incoming.deletes()) {
            if (!leaves.isEmpty() && reached(deleted)) {
                PathPattern below = new PathPattern(deleted);
                changed |= leaves.keySet().removeIf(leaf -> below.matches(leaf.path()));
            }
        }
        for (TelemetryUpdate update : incoming.updates()) {
            Leaf leaf = kept(update.path());
            if (leaf != null && !update.value().equals(leaves.put(leaf, update.value()))) {
                changed = true;
            }
        }
        if (!changed) {
            return null;
        }
        return leaves.isEmpty() ? new byte[0] : encode(leaves);
    }

    /**
     * The remembered leaves of {@code device} as notifications to apply first, before anything the
     * device sent: every leaf at the instant 0, then the counters that stood still once more at the
     * instant 1 ns, so that their rate is the zero it was when they stood still (two samples of one
     * value), and a sample that comes after them, at its own instant, makes their rate again.
     */
    public static List<IngestEvent.Notification> replay(
            byte[] remembered, String source, String device, long arrivalMillis) {
        List<TelemetryUpdate> updates = new ArrayList<>();
        List<TelemetryUpdate> stillCounters = new ArrayList<>();
        decode(remembered).forEach((leaf, value) -> {
            TelemetryUpdate update = new TelemetryUpdate(leaf.path(), value);
            updates.add(update);
            if (TABLES.get(leaf.table()).counters()) {
                stillCounters.add(update);
            }
        });
        IngestEvent.Notification first =
                new IngestEvent.Notification(source, device, 0, updates, List.of(), arrivalMillis);
        if (stillCounters.isEmpty()) {
            return List.of(first);
        }
        return List.of(first, new IngestEvent.Notification(source, device, 1, stillCounters, List.of(), arrivalMillis));
    }

    /** One remembered leaf: its table, its leaf in the table, and the table's key values. */
    private record Leaf(int table, int leaf, String[] keys) {
        TelemetryPath path() {
            return TABLES.get(table).path(keys, leaf);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Leaf other
                    && table == other.table
                    && leaf == other.leaf
                    && Arrays.equals(keys, other.keys);
        }

        @Override
        public int hashCode() {
            return (table * 31 + leaf) * 31 + Arrays.hashCode(keys);
        }
    }

    private static byte[] encode(Map<Leaf, TelemetryValue> leaves) {
        Map<String, Integer> strings = new LinkedHashMap<>();
        for (Map.Entry<Leaf, TelemetryValue> entry : leaves.entrySet()) {
            for (String key : entry.getKey().keys()) {
                strings.putIfAbsent(key, strings.size());
            }
            if (entry.getValue() instanceof TelemetryValue.Str(String text)) {
                strings.putIfAbsent(text, strings.size());
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(leaves.size() * 16);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            writeCount(out, strings.size());
            for (String s : strings.keySet()) {
                out.writeUTF(s);
            }
            writeCount(out, leaves.size());
            for (Map.Entry<Leaf, TelemetryValue> entry : leaves.entrySet()) {
                Leaf leaf = entry.getKey();
                out.writeByte(leaf.table());
                out.writeByte(leaf.leaf());
                for (String key : leaf.keys()) {
                    writeCount(out, strings.get(key));
                }
                writeValue(out, entry.getValue(), strings);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("an in-memory stream failed", e);
        }
        return bytes.toByteArray();
    }

    private static void writeValue(DataOutputStream out, TelemetryValue value, Map<String, Integer> strings)
            throws IOException {
        switch (value) {
            case TelemetryValue.Str(String text) -> {
                out.writeByte(TEXT);
                writeCount(out, strings.get(text));
            }
            case TelemetryValue.Uint(long n) -> {
                out.writeByte(VAR_UINT);
                writeUnsigned(out, n);
            }
            case TelemetryValue.Int(long n) -> writeNumber(out, INT, n);
            case TelemetryValue.Bool(boolean b) -> {
                out.writeByte(BOOL);
                out.writeBoolean(b);
            }
            case TelemetryValue.Real(double d) -> {
                out.writeByte(REAL);
                out.writeDouble(d);
            }
        }
    }

    private static void writeNumber(DataOutputStream out, byte tag, long n) throws IOException {
        out.writeByte(tag);
        out.writeLong(n);
    }

    /** An unsigned 64-bit value, seven bits a byte. */
    private static void writeUnsigned(DataOutputStream out, long n) throws IOException {
        long rest = n;
        while ((rest & ~0x7FL) != 0) {
            out.writeByte((int) (rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.writeByte((int) rest);
    }

    private static long readUnsigned(DataInputStream in) throws IOException {
        long n = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            n |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return n;
            }
        }
        throw new IOException("a number longer than ten bytes");
    }

    /** A count or index, seven bits a byte: most are below 128. */
    private static void writeCount(DataOutputStream out, int n) throws IOException {
        writeUnsigned(out, n);
    }

    private static int readCount(DataInputStream in) throws IOException {
        long n = readUnsigned(in);
        if (n > Integer.MAX_VALUE) {
            throw new IOException("a count of " + n + ", more than a record holds");
        }
        return (int) n;
    }

    private static Map<Leaf, TelemetryValue> decode(byte[] remembered) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(remembered))) {
            int first = in.readInt();
            return first == FORMAT ? decodeTables(in) : decodeNeighbors(in, first);
        } catch (IOException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("remembered leaves that do not decode: " + e.getMessage(), e);
        }
    }

    private static Map<Leaf, TelemetryValue> decodeTables(DataInputStream in) throws IOException {
        String[] strings = new String[readCount(in)];
        for (int i = 0; i < strings.length; i++) {
            strings[i] = in.readUTF();
        }
        Map<Leaf, TelemetryValue> leaves = new LinkedHashMap<>();
        for (int n = readCount(in); n > 0; n--) {
            int table = in.readUnsignedByte();
            int leaf = in.readUnsignedByte();
            if (table >= TABLES.size() || leaf >= TABLES.get(table).leaves().size()) {
                throw new IOException("leaf " + leaf + " of table " + table + ", which this collector does not know");
            }
            String[] keys = new String[TABLES.get(table).keys()];
            for (int k = 0; k < keys.length; k++) {
                keys[k] = strings[readCount(in)];
            }
            leaves.put(new Leaf(table, leaf, keys), readValue(in, strings));
        }
        return leaves;
    }

    private static TelemetryValue readValue(DataInputStream in, String[] strings) throws IOException {
        byte tag = in.readByte();
        return switch (tag) {
            case TEXT -> TelemetryValue.str(strings[readCount(in)]);
            case UINT -> new TelemetryValue.Uint(in.readLong()); // records written before ADR 0147
            case VAR_UINT -> new TelemetryValue.Uint(readUnsigned(in));
            case INT -> new TelemetryValue.Int(in.readLong());
            case BOOL -> new TelemetryValue.Bool(in.readBoolean());
            case REAL -> new TelemetryValue.Real(in.readDouble());
            default -> throw new IOException("a value of unknown type " + tag);
        };
    }

    /** The earlier format (ADR 0118): LLDP leaves alone, each as port, neighbor, leaf name and value. */
    private static Map<Leaf, TelemetryValue> decodeNeighbors(DataInputStream in, int count) throws IOException {
        Table lldp = TABLES.get(LLDP);
        Map<Leaf, TelemetryValue> leaves = new LinkedHashMap<>();
        for (int i = count; i > 0; i--) {
            String port = in.readUTF();
            String neighbor = in.readUTF();
            int leaf = lldp.leaves().indexOf(in.readUTF());
            TelemetryValue value = TelemetryValue.str(in.readUTF());
            if (leaf >= 0) {
                leaves.put(new Leaf(LLDP, leaf, new String[] {port, neighbor}), value);
            }
        }
        return leaves;
    }
}
