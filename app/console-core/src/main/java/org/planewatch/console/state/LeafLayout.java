package org.planewatch.console.state;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The columns of one kind of table (ports, queues, planes, QPs, EVs): which column of a row holds
 * which leaf, shared by every row of that kind on every device. A row then holds values only, in
 * arrays, instead of a name and an object per leaf (ADR 0108). Columns are only ever added, so a
 * column number once handed out (a {@link LeafRoute} keeps it) stays valid. Owned by the state thread.
 *
 * <p>A layout keeps the leaves the console's views read, said where it is made beside the reads
 * ({@link DeviceState#PORT_LEAVES} and beside): a port's carrier transitions or a plane's probe
 * counters, never shown, were a third of the cells at 9,728 devices. Reading a leaf the layout does
 * not keep is a mistake of the reader and throws; a recording keeps every leaf whatever the layouts.
 *
 * <p>A leaf has a number column, a decimal column and a text column of its own, as an agent may send
 * the same leaf as a number one time and as text the next: each kind of value reads as it did.
 */
final class LeafLayout {
    /** Distinct texts kept per layout to share; beyond it texts are kept as they came. */
    static final int MAX_POOLED_TEXTS = 1 << 14;

    /** The leaves kept, null for every leaf (tests of rows). */
    private final Set<String> kept;
    /** The number leaves whose rate per second is read: only they keep a rate cell. */
    private final Set<String> rateLeaves;

    private final Map<String, Integer> numbers = new HashMap<>();
    /** Per number column, its rate column, or -1 for a leaf whose rate is not read. */
    private int[] rateOf = new int[8];

    private int rateColumns;
    private final Map<String, Integer> decimals = new HashMap<>();
    private final Map<String, Integer> texts = new HashMap<>();
    /** Decimals and texts share the rows' object arrays. */
    private int objectColumns;
    /**
     * Texts of this kind of table, one object per distinct text: a decoder makes a new string for
     * every text it decodes, and "UP" or "SPEED_100GB" in every port of a fabric were a string each.
     */
    private final Map<String, String> pooledTexts = new HashMap<>();

    /**
     * @param kept the leaves the console reads of this kind of table
     * @param rateLeaves those of them whose rates it reads: a rate is 8 bytes a leaf, and gauges are
     *     shown as values
     */
    LeafLayout(Set<String> kept, Set<String> rateLeaves) {
        if (kept != null && !kept.containsAll(rateLeaves)) {
            throw new IllegalArgumentException("rates of leaves not kept: " + rateLeaves + " beyond " + kept);
        }
        this.kept = kept == null ? null : Set.copyOf(kept);
        this.rateLeaves = Set.copyOf(rateLeaves);
    }

    /** A layout that keeps every leaf, rates of {@code rateLeaves}. */
    static LeafLayout keepingEvery(Set<String> rateLeaves) {
        return new LeafLayout(null, rateLeaves);
    }

    /** Whether rows of this kind keep {@code leaf}. */
    boolean keeps(String leaf) {
        return kept == null || kept.contains(leaf);
    }

    /** Refuses a read of a leaf this layout does not keep: the reader must say so where the layout is made. */
    void checkKept(String leaf) {
        if (!keeps(leaf)) {
            throw new IllegalArgumentException("leaf " + leaf + " is not kept: add it where the layout is made");
        }
    }

    /** The number column of {@code leaf}, -1 when no row of this kind ever had it as a number. */
    int number(String leaf) {
        Integer column = numbers.get(leaf);
        return column == null ? -1 : column;
    }

    int decimal(String leaf) {
        Integer column = decimals.get(leaf);
        return column == null ? -1 : column;
    }

    int text(String leaf) {
        Integer column = texts.get(leaf);
        return column == null ? -1 : column;
    }

    int addNumber(String leaf) {
        Integer column = numbers.get(leaf);
        if (column != null) {
            return column;
        }
        int added = numbers.size();
        numbers.put(leaf, added);
        if (added == rateOf.length) {
            rateOf = Arrays.copyOf(rateOf, added * 2);
        }
        rateOf[added] = rateLeaves.contains(leaf) ? rateColumns++ : -1;
        return added;
    }

    /** The rate column of number column {@code column}, -1 when its rate is not kept. */
    int rateColumn(int column) {
        return rateOf[column];
    }

    boolean keepsRate(String leaf) {
        return rateLeaves.contains(leaf);
    }

    int addDecimal(String leaf) {
        return decimals.computeIfAbsent(leaf, l -> objectColumns++);
    }

    int addText(String leaf) {
        return texts.computeIfAbsent(leaf, l -> objectColumns++);
    }

    int numberColumns() {
        return numbers.size();
    }

    int objectColumns() {
        return objectColumns;
    }

    /** {@code text} as the one object kept for equal texts, while there is room for it. */
    String pooled(String text) {
        String pooled = pooledTexts.get(text);
        if (pooled != null) {
            return pooled;
        }
        if (pooledTexts.size() < MAX_POOLED_TEXTS) {
            pooledTexts.put(text, text);
        }
        return text;
    }
}
