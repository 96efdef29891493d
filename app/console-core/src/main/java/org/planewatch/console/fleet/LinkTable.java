package org.planewatch.console.fleet;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import org.planewatch.console.state.FabricSnapshot.LinkState;

/**
 * The latest state of every link the rollups name, in one array (2.1 million at full scale): a link
 * that changes replaces its slot, a tombstone moves the last slot into the hole. {@link #published}
 * copies the array of references only when something changed since the last copy, so a frame never
 * rebuilds the list and a second's changes cost one copy (8 MB of references at full scale).
 *
 * <p>Links are found by id through an open-addressed table of slot numbers, not a map: at full scale
 * a {@code HashMap<String, Integer>} cost 120 MB of entries and boxed slots (a fifth of what a console
 * on a fleet holds), the table 16 MB.
 */
final class LinkTable {
    private LinkState[] slots = new LinkState[1_024];
    private int size;
    /** Slot + 1 of the link whose id hashes here or after (linear probing), 0 where empty; at most half full. */
    private int[] index = new int[2_048];

    private boolean changed;
    private List<LinkState> published = List.of();

    void put(LinkState link) {
        int at = find(link.id());
        if (index[at] != 0) {
            slots[index[at] - 1] = link;
            changed = true;
            return;
        }
        if (size == slots.length) {
            slots = Arrays.copyOf(slots, size * 2);
        }
        slots[size] = link;
        index[at] = ++size;
        if (2 * size > index.length) {
            grow();
        }
        changed = true;
    }

    void remove(String id) {
        int at = find(id);
        if (index[at] == 0) {
            return;
        }
        int slot = index[at] - 1;
        vacate(at);
        int last = --size;
        if (slot != last) {
            index[find(slots[last].id())] = slot + 1;
            slots[slot] = slots[last];
        }
        slots[last] = null;
        changed = true;
    }

    LinkState get(String id) {
        int entry = index[find(id)];
        return entry == 0 ? null : slots[entry - 1];
    }

    int size() {
        return size;
    }

    /** Replaces every link (a change of the tier's freshness, rare). */
    void replaceAll(UnaryOperator<LinkState> change) {
        for (int i = 0; i < size; i++) {
            slots[i] = change.apply(slots[i]);
        }
        changed = size > 0;
    }

    /** An unmodifiable copy of the links now, made again only after a change. */
    List<LinkState> published() {
        if (changed) {
            published = Collections.unmodifiableList(Arrays.asList(Arrays.copyOf(slots, size)));
            changed = false;
        }
        return published;
    }

    /** Where {@code id} is in the index, or the empty place where it would go. */
    private int find(String id) {
        int mask = index.length - 1;
        int at = home(id, mask);
        while (index[at] != 0 && !slots[index[at] - 1].id().equals(id)) {
            at = (at + 1) & mask;
        }
        return at;
    }

    private static int home(String id, int mask) {
        int h = id.hashCode() * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /**
     * Empties {@code hole}, moving back each later entry of its run that could no longer be found
     * past the hole (deletion without tombstones in linear probing).
     */
    private void vacate(int hole) {
        int mask = index.length - 1;
        int at = hole;
        while (true) {
            at = (at + 1) & mask;
            int entry = index[at];
            if (entry == 0) {
                break;
            }
            int home = home(slots[entry - 1].id(), mask);
            boolean reachable = hole <= at ? hole < home && home <= at : hole < home || home <= at;
            if (!reachable) {
                index[hole] = entry;
                hole = at;
            }
        }
        index[hole] = 0;
    }

    private void grow() {
        int[] bigger = new int[index.length * 2];
        int mask = bigger.length - 1;
        for (int slot = 0; slot < size; slot++) {
            int at = home(slots[slot].id(), mask);
            while (bigger[at] != 0) {
                at = (at + 1) & mask;
            }
            bigger[at] = slot + 1;
        }
        index = bigger;
    }
}
