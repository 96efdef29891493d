package org.planewatch.console.session;

import java.util.List;

/**
 * What the replay timeline marks along a recording, read once when it is opened.
 *
 * @param activity updates per recorded second
 * @param exclusions distinct arrival instants of the recorded decisions, ascending (an array: an
 *     hour of the demo has about a million); never changed
 * @param alarms the instants alarms were raised
 * @param gaps the periods a source was not streaming while it was recorded
 */
public record TimelineMarks(
        List<Activity> activity, long[] exclusions, List<Long> alarms, List<Bookmark> bookmarks, List<SourceGap> gaps) {

    public record Activity(long secondMillis, long updates) {}

    public record Bookmark(long atMillis, String note) {}

    /**
     * @param toMillis null while the source had not come back when the recording ended
     * @param reason why it was not streaming, in the ingest client's words
     */
    public record SourceGap(String source, long fromMillis, Long toMillis, String reason) {}
}
