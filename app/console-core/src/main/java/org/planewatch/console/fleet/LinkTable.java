package org.planewatch.console.fleet;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.planewatch.console.state.FabricSnapshot.LinkState;

/**
 * The latest state of every link the rollups name, in one array (1.6 million at full scale): a link
 * that changes replaces its slot, a tombstone moves the last slot into the hole. {@link #published}
 * copies the array of references only when something changed since the last copy, so a frame never
 * rebuilds the list and a second's changes cost one copy (6 MB of references at full scale).
 */
final class LinkTable {
    private final Map<String, Integer> slotOf = new HashMap<>();
    private LinkState[] slots = new LinkState[1_024];
    private int size;
    private boolean changed;
    private List<LinkState> published = List.of();

    void put(LinkState link) {
        Integer slot = slotOf.get(link.id());
        if (slot == null) {
            if (size == slots.length) {
                slots = Arrays.copyOf(slots, size * 2);
            }
            slot = size++;
            slotOf.put(link.id(), slot);
        }
        slots[slot] = link;
        changed = true;
    }

    void remove(String id) {
        Integer slot = slotOf.remove(id);
        if (slot == null) {
            return;
        }
        int last = --size;
        if (slot != last) {
            slots[slot] = slots[last];
            slotOf.put(slots[slot].id(), slot);
        }
        slots[last] = null;
        changed = true;
    }

    LinkState get(String id) {
        Integer slot = slotOf.get(id);
        return slot == null ? null : slots[slot];
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
}
