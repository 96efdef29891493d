package org.planewatch.console.record;

import java.util.Locale;

/**
 * Damage a replay found while reading a recording it could open.
 *
 * <p>A damaged (or missing) batch is a <em>gap</em>: the recorded data from {@code fromMillis} (the
 * last arrival read before it) to {@code toMillis} cannot be shown, because every value in a batch
 * is a change against the batches before it. The replay picks up again at the first keyframe after
 * the damage that is intact ({@code resumes}), or shows the last good state to the end of the
 * recording. A damaged keyframe loses nothing: seeks near it decode from an earlier one.
 *
 * @param batchSeq the damaged batch, or the batch a damaged keyframe follows
 * @param problem what is wrong, in the words of the check that found it
 */
public record RecordingDamage(
        Kind kind, long batchSeq, long fromMillis, long toMillis, boolean resumes, String problem) {
    public enum Kind {
        GAP,
        KEYFRAME
    }

    static RecordingDamage gap(long batchSeq, long fromMillis, long toMillis, boolean resumes, String problem) {
        return new RecordingDamage(Kind.GAP, batchSeq, fromMillis, Math.max(fromMillis, toMillis), resumes, problem);
    }

    static RecordingDamage keyframe(long afterSeq, long atMillis, String problem) {
        return new RecordingDamage(Kind.KEYFRAME, afterSeq, atMillis, atMillis, true, problem);
    }

    /** What the replay says about it, in one line. */
    public String describe() {
        if (kind == Kind.KEYFRAME) {
            return "the keyframe after batch " + batchSeq + " is damaged (" + problem
                    + "); no data is lost, seeks near " + WallClockText.format(fromMillis)
                    + " decode from an earlier keyframe";
        }
        return "batch " + batchSeq + " is damaged (" + problem + "): " + span();
    }

    /** "gap of S s from T1 to T2, replay resumes there" (or "…, the end of the recording"). */
    public String span() {
        return String.format(
                Locale.ROOT,
                "gap of %.1f s from %s to %s%s",
                (toMillis - fromMillis) / 1000.0,
                WallClockText.format(fromMillis),
                WallClockText.format(toMillis),
                resumes ? ", replay resumes there" : ", the end of the recording");
    }
}
