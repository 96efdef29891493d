package org.planewatch.agent.gnmi;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Which subscriptions of one Subscribe request select which leaves: per leaf path (memoised) and per
 * leaf layout (cached), both computed through one {@link SelectionIndex} and both bounded, so the
 * memory a stream keeps grows with the leaves it sees, not with leaves times subscriptions.
 */
final class RequestSelection {

    /** Leaf paths remembered; past this the memo starts over (event paths keep coming). */
    private static final int MEMO_LIMIT = 1 << 20;

    private final List<SubscriptionSpec> specs;
    private final SelectionIndex index;
    private final ConcurrentHashMap<TelemetryPath, int[]> byPath = new ConcurrentHashMap<>();
    /**
     * Per target, what the subscriptions select of its current layout. A host's layout changes with
     * every new entry of its event ring, so only the newest is worth keeping: a cache of recent
     * layouts (4,096 per stream before) held every layout's path index alive, gigabytes on the demo.
     */
    private final ConcurrentHashMap<String, LayoutSelection> byTarget = new ConcurrentHashMap<>();
    /**
     * Recently built answers by layout: devices of one shape share a layout (every switch of a
     * fabric), and so the answer for it, instead of one copy per target (ADR 0103). Keyed by
     * identity (a layout does not override equals); bounded like {@link #byPath}.
     */
    private final ConcurrentHashMap<LeafLayout, LayoutSelection> byLayout = new ConcurrentHashMap<>();

    private static final int LAYOUTS_LIMIT = 4096;

    RequestSelection(List<SubscriptionSpec> specs) {
        this.specs = List.copyOf(specs);
        this.index =
                new SelectionIndex(specs.stream().map(SubscriptionSpec::pattern).toList());
    }

    /** The subscriptions this selection answers for, in the order of their indexes. */
    List<SubscriptionSpec> specs() {
        return specs;
    }

    /** The subscriptions, ascending, that select {@code leaf}. */
    int[] selecting(TelemetryPath leaf, SelectionBudget budget) {
        int[] known = byPath.get(leaf);
        if (known != null) {
            return known;
        }
        int[] found = index.selecting(leaf, budget);
        if (byPath.size() >= MEMO_LIMIT) {
            byPath.clear();
        }
        byPath.put(leaf, found);
        return found;
    }

    boolean selects(int spec, TelemetryPath leaf, SelectionBudget budget) {
        return Arrays.binarySearch(selecting(leaf, budget), spec) >= 0;
    }

    /** What the subscriptions select of the leaves of {@code layout}, the current layout of {@code target}. */
    LayoutSelection layout(String target, LeafLayout layout, SelectionBudget budget) {
        LayoutSelection known = byTarget.get(target);
        if (known != null && known.layout == layout) {
            return known;
        }
        LayoutSelection built = byLayout.get(layout);
        if (built == null) {
            built = new LayoutSelection(layout, budget);
            if (byLayout.size() >= LAYOUTS_LIMIT) {
                byLayout.clear();
            }
            byLayout.put(layout, built);
        }
        byTarget.put(target, built);
        return built;
    }

    /** How many layouts this request's cache holds: one per target at most. */
    int cachedLayouts() {
        return byTarget.size();
    }

    /** How many distinct answers it holds: one per layout shape. */
    int distinctLayoutSelections() {
        return (int) byTarget.values().stream().distinct().count();
    }

    /** The leaves of one layout some subscription selects, and which subscriptions select each. */
    final class LayoutSelection {
        private final LeafLayout layout;
        /** Layout indexes of the selected leaves, ascending. */
        final int[] selected;
        /** The subscriptions of {@code selected[k]} are {@code specsOf[from[k]] .. specsOf[from[k + 1] - 1]}. */
        private final int[] from;

        private final int[] specsOf;
        /**
         * Per subscription, the indexes a sampling sweep sends, and those a heartbeat sweep sends;
         * made at the first sweep (ONCE and POLL never sweep).
         */
        private AtomicReferenceArray<int[]> sampled;

        private AtomicReferenceArray<int[]> heartbeat;

        private LayoutSelection(LeafLayout layout, SelectionBudget budget) {
            this.layout = layout;
            int[] chosen = new int[layout.size()];
            int[] starts = new int[layout.size() + 1];
            int[] all = new int[Math.max(4, layout.size())];
            int n = 0;
            int m = 0;
            for (int i = 0; i < layout.size(); i++) {
                int[] match = index.selecting(layout.path(i), budget);
                if (match.length == 0) {
                    continue;
                }
                if (m + match.length > all.length) {
                    all = Arrays.copyOf(all, Math.max(all.length * 2, m + match.length));
                }
                chosen[n] = i;
                starts[n] = m;
                System.arraycopy(match, 0, all, m, match.length);
                m += match.length;
                n++;
            }
            starts[n] = m;
            this.selected = Arrays.copyOf(chosen, n);
            this.from = Arrays.copyOf(starts, n + 1);
            this.specsOf = Arrays.copyOf(all, m);
        }

        private synchronized AtomicReferenceArray<int[]> sweeps(boolean sampledLeaves) {
            if (sampled == null) {
                sampled = new AtomicReferenceArray<>(specs.size());
                heartbeat = new AtomicReferenceArray<>(specs.size());
            }
            return sampledLeaves ? sampled : heartbeat;
        }

        /** The indexes subscription {@code spec} sends in a sampling ({@code sampledLeaves}) or heartbeat sweep. */
        int[] sweep(int spec, boolean sampledLeaves) {
            AtomicReferenceArray<int[]> cache = sweeps(sampledLeaves);
            int[] known = cache.get(spec);
            if (known != null) {
                return known;
            }
            SubscriptionSpec s = specs.get(spec);
            int[] out = new int[selected.length];
            int n = 0;
            for (int k = 0; k < selected.length; k++) {
                if (Arrays.binarySearch(specsOf, from[k], from[k + 1], spec) >= 0
                        && s.samples(layout.path(selected[k])) == sampledLeaves) {
                    out[n++] = selected[k];
                }
            }
            int[] result = n == 0 ? SelectionIndex.NONE : Arrays.copyOf(out, n);
            cache.set(spec, result);
            return result;
        }
    }
}
