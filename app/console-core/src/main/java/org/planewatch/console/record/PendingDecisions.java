package org.planewatch.console.record;

import java.util.HashMap;
import java.util.Map;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * What a seek keeps of the decision leaves that arrived before its instant: only the leaves of
 * decisions still incomplete then, which complete as they did live. Every decision completed
 * before the instant comes whole from the recorded history instead, and a leaf that belongs to
 * no decision completed later never completes one. A leaf before the instant belongs to the first
 * decision with its source, device and number that completed at or after it, if it has that
 * decision's value: an agent that restarted numbers its ring from 0 again, and a keyframe may
 * still hold the previous ring's leaves under the same numbers (ADR 0086).
 */
final class PendingDecisions implements BatchCodec.DecisionFilter {
    private final RecordedDecisions all;
    private final long atMillis;
    private final Dictionary dictionary;
    /** Dictionary string ids to the decisions' text ids (-1: no decision names it). */
    private final Map<Integer, Integer> texts = new HashMap<>();
    /** The key asked last and its answer: a decision's leaves come one after another. */
    private int lastSource = -1;

    private int lastTarget = -1;
    private long lastSeq;
    private int lastDecision;

    private PendingDecisions(RecordedDecisions all, long atMillis, Dictionary dictionary) {
        this.all = all;
        this.atMillis = atMillis;
        this.dictionary = dictionary;
    }

    static PendingDecisions at(RecordedDecisions all, long atMillis, Dictionary dictionary) {
        return new PendingDecisions(all, atMillis, dictionary);
    }

    @Override
    public boolean leftOut(int sourceId, int targetId, long seq, String leaf, TelemetryValue value) {
        if (sourceId != lastSource || targetId != lastTarget || seq != lastSeq) {
            lastSource = sourceId;
            lastTarget = targetId;
            lastSeq = seq;
            int source = text(sourceId);
            int target = text(targetId);
            lastDecision = source < 0 || target < 0 ? -1 : all.firstCompletedAtOrAfter(source, target, seq, atMillis);
        }
        return lastDecision < 0 || !all.hasLeaf(lastDecision, leaf, value);
    }

    private int text(int stringId) {
        return texts.computeIfAbsent(stringId, id -> all.textId(dictionary.string(id)));
    }
}
