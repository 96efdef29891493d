package org.planewatch.agent.gnmi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.TelemetrySchema;

/**
 * The paths of one request as a tree of their elements. The paths that select a leaf are found by
 * walking the leaf's elements once through the tree, so the cost of a leaf grows with the paths that
 * share its elements, not with every path of the request: 20,000 subscriptions of different
 * interfaces cost one hash lookup per element of a leaf, where testing each of them cost 20,000
 * pattern matches. Answers what {@link TelemetrySchema#selects} answers for each path. Immutable
 * after construction; safe to share between threads.
 */
final class SelectionIndex {

    static final int[] NONE = new int[0];

    private final Map<String, Node> roots = new HashMap<>();
    /** Per path: whether it names an explicit-only subtree (per-EV state) and so may select its leaves. */
    private final boolean[] namesExplicitly;

    private static final class Node {
        /** Children through an element with a literal name and no wildcard key value. */
        final Map<PathElem, Node> exact = new HashMap<>();
        /** Children through an element named {@code *} or with a key value {@code *}: tested one by one. */
        final Map<PathElem, Node> loose = new LinkedHashMap<>();
        /** The child after {@code ...}; it stays active while leaf elements go by. */
        Node anyDepth;
        /** Reached through {@code ...}: matches any number of leaf elements before its children. */
        final boolean deep;
        /** The paths that end here (a path selects every leaf below it). */
        int[] ends = NONE;

        Node(boolean deep) {
            this.deep = deep;
        }
    }

    SelectionIndex(List<PathPattern> patterns) {
        namesExplicitly = new boolean[patterns.size()];
        for (int i = 0; i < patterns.size(); i++) {
            PathPattern pattern = patterns.get(i);
            namesExplicitly[i] = TelemetrySchema.namesExplicitly(pattern);
            Node node = roots.computeIfAbsent(pattern.path().origin(), o -> new Node(false));
            for (PathElem e : pattern.matchedElements()) {
                if (e.name().equals(PathElem.ANY_DEPTH)) {
                    if (node.anyDepth == null) {
                        node.anyDepth = new Node(true);
                    }
                    node = node.anyDepth;
                } else {
                    node = (isLiteral(e) ? node.exact : node.loose).computeIfAbsent(e, k -> new Node(false));
                }
            }
            node.ends = Arrays.copyOf(node.ends, node.ends.length + 1);
            node.ends[node.ends.length - 1] = i;
        }
    }

    private static boolean isLiteral(PathElem e) {
        return !e.name().equals(PathElem.ANY) && !e.keys().containsValue(PathElem.ANY);
    }

    /**
     * The indexes, ascending, of the paths that select the concrete {@code leaf}; each node visited and
     * each wildcard element tested is charged to {@code budget}.
     */
    int[] selecting(TelemetryPath leaf, SelectionBudget budget) {
        Node root = roots.get(leaf.origin());
        budget.leaf();
        budget.charge(1);
        if (root == null) {
            return NONE;
        }
        Found found = new Found();
        Active active = new Active();
        active.enter(root, found);
        for (int l = 0; l < leaf.size() && !active.nodes.isEmpty(); l++) {
            PathElem have = leaf.elem(l);
            Active next = new Active();
            for (Node node : active.nodes) {
                budget.charge(1 + node.loose.size());
                if (node.deep) {
                    next.stay(node);
                }
                if (!node.exact.isEmpty() && have.keys().size() > MAX_KEY_SUBSETS_LOOKED_UP) {
                    budget.charge(node.exact.size());
                    for (Map.Entry<PathElem, Node> edge : node.exact.entrySet()) {
                        if (PathPattern.elementMatches(edge.getKey(), have)) {
                            next.enter(edge.getValue(), found);
                        }
                    }
                } else if (!node.exact.isEmpty()) {
                    for (PathElem literal : literalForms(have)) {
                        Node child = node.exact.get(literal);
                        if (child != null) {
                            next.enter(child, found);
                        }
                    }
                }
                for (Map.Entry<PathElem, Node> edge : node.loose.entrySet()) {
                    if (PathPattern.elementMatches(edge.getKey(), have)) {
                        next.enter(edge.getValue(), found);
                    }
                }
            }
            budget.charge(next.nodes.size());
            active = next;
        }
        return found.result(leaf, namesExplicitly);
    }

    /** Past this many keys in a leaf element, its literal forms are too many: the children are tested one by one. */
    private static final int MAX_KEY_SUBSETS_LOOKED_UP = 4;

    /**
     * The literal pattern elements that match {@code have}: its name with each subset of its keys (a
     * key left out of a pattern matches every value). Leaves have zero or one key almost always.
     */
    private static List<PathElem> literalForms(PathElem have) {
        Map<String, String> keys = have.keys();
        if (keys.isEmpty()) {
            return List.of(have);
        }
        List<String> names = new ArrayList<>(keys.keySet());
        int subsets = 1 << names.size();
        List<PathElem> out = new ArrayList<>(subsets);
        out.add(have);
        for (int mask = 0; mask < subsets - 1; mask++) {
            Map<String, String> some = new HashMap<>();
            for (int k = 0; k < names.size(); k++) {
                if ((mask & (1 << k)) != 0) {
                    some.put(names.get(k), keys.get(names.get(k)));
                }
            }
            out.add(new PathElem(have.name(), some));
        }
        return out;
    }

    /** The nodes active after some leaf elements: each once. */
    private static final class Active {
        final List<Node> nodes = new ArrayList<>(4);
        private Set<Node> seen;

        /** {@code node} and the {@code ...} nodes below it (they match zero elements too); their paths end. */
        void enter(Node node, Found found) {
            if (add(node)) {
                found.add(node.ends);
                if (node.anyDepth != null) {
                    enter(node.anyDepth, found);
                }
            }
        }

        /** A {@code ...} node consuming one more element: its paths were counted when it was entered. */
        void stay(Node node) {
            add(node);
        }

        private boolean add(Node node) {
            if (seen == null) {
                for (Node n : nodes) {
                    if (n == node) {
                        return false;
                    }
                }
                nodes.add(node);
                if (nodes.size() > 16) {
                    seen = Collections.newSetFromMap(new IdentityHashMap<>());
                    seen.addAll(nodes);
                }
                return true;
            }
            if (!seen.add(node)) {
                return false;
            }
            nodes.add(node);
            return true;
        }
    }

    /** Path indexes found, possibly repeated. */
    private static final class Found {
        private int[] items = NONE;
        private int size;

        void add(int[] ends) {
            if (ends.length == 0) {
                return;
            }
            if (size + ends.length > items.length) {
                items = Arrays.copyOf(items, Math.max(4, Math.max(size + ends.length, items.length * 2)));
            }
            System.arraycopy(ends, 0, items, size, ends.length);
            size += ends.length;
        }

        int[] result(TelemetryPath leaf, boolean[] namesExplicitly) {
            if (size == 0) {
                return NONE;
            }
            boolean explicitOnly = TelemetrySchema.isExplicitOnly(leaf);
            int[] sorted = Arrays.copyOf(items, size);
            Arrays.sort(sorted);
            int n = 0;
            for (int i = 0; i < sorted.length; i++) {
                if ((i == 0 || sorted[i] != sorted[i - 1]) && (!explicitOnly || namesExplicitly[sorted[i]])) {
                    sorted[n++] = sorted[i];
                }
            }
            return n == 0 ? NONE : Arrays.copyOf(sorted, n);
        }
    }
}
