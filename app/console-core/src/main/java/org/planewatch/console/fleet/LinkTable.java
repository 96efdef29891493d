package org.planewatch.console.fleet;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.Freshness;

/**
 * The latest state of every link the rollups name (2.1 million at full scale): a link that changes
 * replaces its slot, a tombstone moves the last slot into the hole. {@link #published} hands out an
 * unmodifiable list of the links now, made again only when something changed since.
 *
 * <p>The slots are held in chunks of {@link #CHUNK} that a published list shares: a change copies
 * only its chunk (16 KB), and only the first time after a publish, so that a half second's changes
 * cost the chunks they touched. One array of every slot, copied whole at each publish, was 8 MB a
 * copy: a humongous object for G1 that only a marking cycle frees, and a console starved of CPU
 * filled its 1 GB heap with them faster than it marked (ADR 0146).
 *
 * <p>Links are found by id through an open-addressed table of slot numbers, not a map: at full scale
 * a {@code HashMap<String, Integer>} cost 120 MB of entries and boxed slots (a fifth of what a console
 * on a fleet holds), the table 16 MB.
 *
 * <p>The links are kept as read, {@link #AS_READ}; the tier's freshness is put on them as they are
 * handed out, never by rewriting them: at full scale a rewrite made 2.1 million new links (235 MB)
 * while the snapshots the views still held kept the old ones, and a console starved of CPU, whose
 * tier went stale and live again as it loaded, ran out of its heap that way (ADR 0146).
 */
final class LinkTable {
    /** The freshness of every link kept: the rollups' links as read, before the tier is judged. */
    static final Freshness AS_READ = Freshness.LIVE;

    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int IN_CHUNK = CHUNK - 1;

    private LinkState[][] chunks = new LinkState[16][];
    /** Whether a published list holds chunk i: it is copied before it is written. */
    private boolean[] shared = new boolean[16];

    private int size;
    /** Slot + 1 of the link whose id hashes here or after (linear probing), 0 where empty; at most half full. */
    private int[] index = new int[2_048];

    private boolean changed;
    private List<LinkState> published = List.of();
    private Freshness publishedAs = AS_READ;

    void put(LinkState link) {
        int at = find(link.id());
        if (index[at] != 0) {
            write(index[at] - 1, link);
            return;
        }
        write(size, link);
        index[at] = ++size;
        if (2 * size > index.length) {
            grow();
        }
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
            LinkState moved = slot(last);
            index[find(moved.id())] = slot + 1;
            write(slot, moved);
        }
        write(last, null);
    }

    LinkState get(String id) {
        int entry = index[find(id)];
        return entry == 0 ? null : slot(entry - 1);
    }

    int size() {
        return size;
    }

    /** An unmodifiable list of the links now as read, made again only after a change. */
    List<LinkState> published() {
        return published(AS_READ);
    }

    /**
     * An unmodifiable list of the links now, each judged {@code tier} fresh; made again only after a
     * change of a link or of {@code tier}. It holds the links kept: a link whose freshness is not the
     * tier's is made as it is read from the list and dropped after, so a stale tier costs short-lived
     * garbage where it is looked at, not a second fabric of links kept.
     */
    List<LinkState> published(Freshness tier) {
        if (changed || tier != publishedAs) {
            int used = (size + IN_CHUNK) >>> CHUNK_BITS;
            Arrays.fill(shared, 0, used, true);
            published = new PublishedLinks(Arrays.copyOf(chunks, used), size, tier);
            publishedAs = tier;
            changed = false;
        }
        return published;
    }

    private LinkState slot(int slot) {
        return chunks[slot >>> CHUNK_BITS][slot & IN_CHUNK];
    }

    /** Sets {@code slot}, copying its chunk first if a published list holds it. */
    private void write(int slot, LinkState link) {
        int chunk = slot >>> CHUNK_BITS;
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunk * 2);
            shared = Arrays.copyOf(shared, chunk * 2);
        }
        if (chunks[chunk] == null) {
            chunks[chunk] = new LinkState[CHUNK];
        } else if (shared[chunk]) {
            chunks[chunk] = chunks[chunk].clone();
            shared[chunk] = false;
        }
        chunks[chunk][slot & IN_CHUNK] = link;
        changed = true;
    }

    /** The links of one publish, each handed out with the tier's freshness on it. */
    private static final class PublishedLinks extends AbstractList<LinkState> implements RandomAccess {
        private final LinkState[][] chunks;
        private final int size;
        private final Freshness tier;

        PublishedLinks(LinkState[][] chunks, int size, Freshness tier) {
            this.chunks = chunks;
            this.size = size;
            this.tier = tier;
        }

        @Override
        public LinkState get(int index) {
            Objects.checkIndex(index, size);
            LinkState link = chunks[index >>> CHUNK_BITS][index & IN_CHUNK];
            return link.freshness() == tier ? link : link.withFreshness(tier);
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** Where {@code id} is in the index, or the empty place where it would go. */
    private int find(String id) {
        int mask = index.length - 1;
        int at = home(id, mask);
        while (index[at] != 0 && !slot(index[at] - 1).id().equals(id)) {
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
            int home = home(slot(entry - 1).id(), mask);
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
            int at = home(slot(slot).id(), mask);
            while (bigger[at] != 0) {
                at = (at + 1) & mask;
            }
            bigger[at] = slot + 1;
        }
        index = bigger;
    }
}
