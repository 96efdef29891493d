package org.planewatch.console.record;

import java.nio.file.Path;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * "Save incident": writes a self-contained recording of one time window. The window's first batch
 * carries the full state at its start (from the nearest keyframe), then every recorded event up
 * to its end follows in order, so the new file replays on its own.
 */
public final class IncidentExporter {
    private static final long STEP_MILLIS = 250;

    private IncidentExporter() {}

    public static void export(RecordingReader source, long fromMillis, long toMillis, Path out, long nowMillis)
            throws RecordingException {
        if (toMillis < fromMillis) {
            throw new RecordingException(
                    out, "the incident window ends (" + toMillis + ") before it starts (" + fromMillis + ")");
        }
        try (RecordingWriter writer = RecordingWriter.create(out, source.metadata(), nowMillis)) {
            ReplayCursor cursor = source.cursor();
            List<IngestEvent> initial = cursor.seek(fromMillis);
            writer.append(initial);
            for (long t = fromMillis + STEP_MILLIS; ; t += STEP_MILLIS) {
                long until = Math.min(t, toMillis);
                writer.append(cursor.advanceTo(until));
                if (until >= toMillis) {
                    break;
                }
            }
            for (RecordingReader.Bookmark bookmark : source.bookmarks()) {
                if (bookmark.atMillis() >= fromMillis && bookmark.atMillis() <= toMillis) {
                    writer.addBookmark(bookmark.atMillis(), bookmark.note());
                }
            }
            java.util.Set<String> copied = new java.util.HashSet<>();
            for (RecordingReader.AlarmMark alarm : source.alarms()) {
                boolean overlaps = alarm.raisedMillis() <= toMillis
                        && (alarm.clearedMillis() == null || alarm.clearedMillis() >= fromMillis);
                if (overlaps) {
                    copied.add(alarm.raisedMillis() + "/" + alarm.kind() + "/" + alarm.subject());
                    writer.recordAlarm(
                            alarm.raisedMillis(),
                            alarm.clearedMillis(),
                            alarm.kind(),
                            alarm.subject(),
                            alarm.severity(),
                            alarm.message());
                }
            }
            // The acknowledgements of the alarms it holds go with them (the operator's word on the incident).
            for (RecordingReader.AckMark ack : source.acknowledgements()) {
                if (copied.contains(ack.raisedMillis() + "/" + ack.kind() + "/" + ack.subject())) {
                    writer.recordAcknowledgement(ack);
                }
            }
        }
    }
}
