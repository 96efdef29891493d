package org.planewatch.console.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * The recording's dictionaries: strings (sources, targets, enum values, messages) and leaves
 * (a target and a path) get small integer ids, so a batch stores ids instead of text. Entries are
 * added as they are first seen; the writer persists the new ones in the batch's transaction.
 * A leaf is either a plain path or an event-ring template ({@link RingPaths}), whose updates carry
 * the ring entry's sequence number; both share one id space.
 */
final class Dictionary {
    /** A leaf of one device: what a recorded value belongs to. */
    record Leaf(int targetId, TelemetryPath path) {}

    private final Map<String, Integer> stringIds = new HashMap<>();
    private final List<String> strings = new ArrayList<>();
    private final Map<Leaf, Integer> leafIds = new HashMap<>();
    private final List<Leaf> leaves = new ArrayList<>();
    /**
     * Each leaf's target and path by id, beside {@link #leaves}: a decoder looks them up for every
     * update, and a {@link Leaf} object per lookup was a cache miss wherever the collector had
     * put it (ADR 0079).
     */
    private int[] targetIds = new int[1024];

    private TelemetryPath[] paths = new TelemetryPath[1024];
    private final Map<Leaf, Integer> templateIds = new HashMap<>();
    private final BitSet templates = new BitSet();
    /** Leaves of a decision ({@code mrc:/events/event[seq]/state/<leaf>}): templates, and format-1 paths with their sequence number. */
    private final BitSet decisionLeaves = new BitSet();

    private final Map<Integer, Long> plainDecisionSeqs = new HashMap<>();
    /** Leaves by each keyed list entry above them, for gNMI deletes, which remove whole subtrees. */
    private final Map<Leaf, List<Integer>> byListEntry = new HashMap<>();

    private int persistedStrings;
    private int persistedLeaves;

    int stringId(String text) {
        Integer id = stringIds.get(text);
        if (id != null) {
            return id;
        }
        int newId = strings.size();
        strings.add(text);
        stringIds.put(text, newId);
        return newId;
    }

    int leafId(int targetId, TelemetryPath path) {
        return id(leafIds, targetId, path, false);
    }

    /** Id of an event-ring template ({@code event[seq=*]}): a different entry from a plain path that looks the same. */
    int templateId(int targetId, TelemetryPath template) {
        return id(templateIds, targetId, template, true);
    }

    boolean isTemplate(int id) {
        return templates.get(id);
    }

    /** A leaf of one exclusion decision (its ring entry's sequence number comes with the update for a template). */
    boolean isDecisionLeaf(int id) {
        return decisionLeaves.get(id);
    }

    /** The sequence number in a plain decision leaf's path (format 1 files). */
    long plainDecisionSeq(int id) {
        return plainDecisionSeqs.get(id);
    }

    /** The id of {@code text}, or -1 when the dictionary does not hold it; adds nothing. */
    int existingStringId(String text) {
        Integer id = stringIds.get(text);
        return id == null ? -1 : id;
    }

    private int id(Map<Leaf, Integer> ids, int targetId, TelemetryPath path, boolean template) {
        Leaf leaf = new Leaf(targetId, path);
        Integer id = ids.get(leaf);
        if (id != null) {
            return id;
        }
        int newId = leaves.size();
        leaves.add(leaf);
        if (newId == targetIds.length) {
            targetIds = Arrays.copyOf(targetIds, newId * 2);
            paths = Arrays.copyOf(paths, newId * 2);
        }
        targetIds[newId] = targetId;
        paths[newId] = path;
        ids.put(leaf, newId);
        templates.set(newId, template);
        if (ExclusionRows.isEventLeaf(path)) {
            if (template) {
                decisionLeaves.set(newId);
            } else {
                RingPaths.Split split = RingPaths.split(path);
                if (split != null) {
                    decisionLeaves.set(newId);
                    plainDecisionSeqs.put(newId, split.seq());
                }
            }
        }
        for (int i = 0; i < path.size() - 1; i++) {
            if (!path.elem(i).keys().isEmpty()) {
                TelemetryPath entry =
                        new TelemetryPath(path.origin(), path.elems().subList(0, i + 1));
                byListEntry
                        .computeIfAbsent(new Leaf(targetId, entry), k -> new ArrayList<>())
                        .add(newId);
            }
        }
        return newId;
    }

    /**
     * Ids of the leaves at or below {@code path} on one target (a gNMI delete's reach), templates
     * included; {@code path} itself may be a template.
     */
    List<Integer> leavesAtOrBelow(int targetId, TelemetryPath path) {
        List<Integer> found = new ArrayList<>();
        Integer exact = leafIds.get(new Leaf(targetId, path));
        Integer exactTemplate = templateIds.get(new Leaf(targetId, path));
        if (exactTemplate != null) {
            found.add(exactTemplate);
        }
        if (exact != null) {
            found.add(exact);
        }
        List<Integer> below = byListEntry.get(new Leaf(targetId, path));
        if (below != null) {
            found.addAll(below);
        } else if (!path.elems().isEmpty() && path.last().keys().isEmpty()) {
            // A container or a single leaf: everything below it is also below its nearest list entry,
            // whose few leaves are indexed. Only a container above every list entry needs a scan.
            List<Integer> candidates = nearestListEntryLeaves(targetId, path);
            if (candidates == null) {
                candidates = IntStream.range(0, leaves.size()).boxed().toList();
            }
            for (int id : candidates) {
                Leaf leaf = leaves.get(id);
                if (leaf.targetId() == targetId && isBelow(path, leaf.path())) {
                    found.add(id);
                }
            }
        }
        return found;
    }

    /** The leaves under the deepest keyed list entry above {@code path}; null when there is none. */
    private List<Integer> nearestListEntryLeaves(int targetId, TelemetryPath path) {
        for (int i = path.size() - 2; i >= 0; i--) {
            if (!path.elem(i).keys().isEmpty()) {
                TelemetryPath entry =
                        new TelemetryPath(path.origin(), path.elems().subList(0, i + 1));
                return byListEntry.getOrDefault(new Leaf(targetId, entry), List.of());
            }
        }
        return null;
    }

    private static boolean isBelow(TelemetryPath ancestor, TelemetryPath path) {
        return path.origin().equals(ancestor.origin())
                && path.size() > ancestor.size()
                && path.elems().subList(0, ancestor.size()).equals(ancestor.elems());
    }

    String string(int id) {
        if (id < 0 || id >= strings.size()) {
            throw new ByteInput.CorruptDataException("unknown string id " + id);
        }
        return strings.get(id);
    }

    /** The target of leaf {@code id}: {@code leaf(id).targetId()} without the object. */
    int targetId(int id) {
        checkLeaf(id);
        return targetIds[id];
    }

    /** The path (or template) of leaf {@code id}: {@code leaf(id).path()} without the object. */
    TelemetryPath path(int id) {
        checkLeaf(id);
        return paths[id];
    }

    private void checkLeaf(int id) {
        if (id < 0 || id >= leaves.size()) {
            throw new ByteInput.CorruptDataException("unknown leaf id " + id);
        }
    }

    Leaf leaf(int id) {
        checkLeaf(id);
        return leaves.get(id);
    }

    int leafCount() {
        return leaves.size();
    }

    /** Loading from a file: entries arrive with their stored ids, in id order. */
    void loadString(int id, String text) {
        if (id != strings.size()) {
            throw new ByteInput.CorruptDataException("string dictionary has a gap at id " + id);
        }
        stringId(text);
        persistedStrings = strings.size();
    }

    void loadLeaf(int id, int targetId, TelemetryPath path, boolean template) {
        if (id != leaves.size()) {
            throw new ByteInput.CorruptDataException("leaf dictionary has a gap at id " + id);
        }
        if (template) {
            templateId(targetId, path);
        } else {
            leafId(targetId, path);
        }
        persistedLeaves = leaves.size();
    }

    List<String> unpersistedStrings() {
        return strings.subList(persistedStrings, strings.size());
    }

    int firstUnpersistedString() {
        return persistedStrings;
    }

    List<Leaf> unpersistedLeaves() {
        return leaves.subList(persistedLeaves, leaves.size());
    }

    int firstUnpersistedLeaf() {
        return persistedLeaves;
    }

    void markPersisted() {
        persistedStrings = strings.size();
        persistedLeaves = leaves.size();
    }

    /** After a failed transaction the new entries were not stored; forget them so ids stay dense. */
    void rollback() {
        for (int i = strings.size() - 1; i >= persistedStrings; i--) {
            stringIds.remove(strings.remove(i));
        }
        for (int i = leaves.size() - 1; i >= persistedLeaves; i--) {
            (templates.get(i) ? templateIds : leafIds).remove(leaves.remove(i));
            paths[i] = null;
            templates.clear(i);
            decisionLeaves.clear(i);
            plainDecisionSeqs.remove(i);
        }
        int firstDropped = persistedLeaves;
        byListEntry.values().forEach(ids -> ids.removeIf(id -> id >= firstDropped));
    }
}
