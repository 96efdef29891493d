package org.planewatch.console.record;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The decisions of a seek's history by target and sequence number, so decoding can leave their
 * event-ring leaves out: per target, a sorted array searched by bisection. The decoder asks for
 * every ring leaf of a keyframe and of the batches after it; a set of boxed numbers made that a
 * visible share of a seek.
 */
final class KnownDecisions implements BatchCodec.DecisionFilter {
    private final Map<Integer, long[]> seqsByTarget;

    private KnownDecisions(Map<Integer, long[]> seqsByTarget) {
        this.seqsByTarget = seqsByTarget;
    }

    /** The decisions {@code picked} of {@code all}; targets the dictionary lacks are left out. */
    static KnownDecisions of(RecordedDecisions all, int[] picked, Dictionary dictionary) {
        Map<Integer, long[]> growing = new HashMap<>();
        Map<Integer, Integer> counts = new HashMap<>();
        Map<String, Integer> ids = new HashMap<>();
        for (int i : picked) {
            int target = ids.computeIfAbsent(all.target(i), dictionary::existingStringId);
            if (target < 0) {
                continue;
            }
            long[] seqs = growing.computeIfAbsent(target, t -> new long[16]);
            int n = counts.getOrDefault(target, 0);
            if (n == seqs.length) {
                seqs = Arrays.copyOf(seqs, n * 2);
                growing.put(target, seqs);
            }
            seqs[n] = all.seq(i);
            counts.put(target, n + 1);
        }
        Map<Integer, long[]> sorted = new HashMap<>();
        growing.forEach((target, seqs) -> {
            long[] exact = Arrays.copyOf(seqs, counts.get(target));
            Arrays.sort(exact);
            sorted.put(target, exact);
        });
        return new KnownDecisions(sorted);
    }

    boolean isEmpty() {
        return seqsByTarget.isEmpty();
    }

    @Override
    public boolean known(int targetId, long seq) {
        long[] seqs = seqsByTarget.get(targetId);
        return seqs != null && Arrays.binarySearch(seqs, seq) >= 0;
    }
}
