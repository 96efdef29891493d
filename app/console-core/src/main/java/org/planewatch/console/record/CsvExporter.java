package org.planewatch.console.record;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathPattern;

/**
 * Exports the recorded values of the leaves matching a path pattern over a time window as CSV,
 * one row per recorded update: the value each leaf had at the window's start, then every change
 * the console received until its end.
 */
public final class CsvExporter {
    public static final String HEADER = "arrival_ms,timestamp_ns,target,path,value";
    private static final long STEP_MILLIS = 10_000;

    private CsvExporter() {}

    /** Returns the number of rows written (without the header). */
    public static long export(
            RecordingReader reader, long fromMillis, long toMillis, PathPattern pattern, String targetGlob, Writer out)
            throws RecordingException, IOException {
        out.write(HEADER);
        out.write('\n');
        ReplayCursor cursor = reader.cursor();
        long rows = write(cursor.seek(fromMillis), pattern, targetGlob, out);
        for (long t = fromMillis; t < toMillis; ) {
            t = Math.min(toMillis, t + STEP_MILLIS);
            rows += write(cursor.advanceTo(t), pattern, targetGlob, out);
        }
        out.flush();
        return rows;
    }

    private static long write(List<IngestEvent> events, PathPattern pattern, String targetGlob, Writer out)
            throws IOException {
        long rows = 0;
        for (IngestEvent event : events) {
            if (!(event instanceof IngestEvent.Notification n) || !targetMatches(targetGlob, n.target())) {
                continue;
            }
            for (TelemetryUpdate update : n.updates()) {
                if (pattern.matches(update.path())) {
                    out.write(Long.toString(n.arrivalMillis()));
                    out.write(',');
                    out.write(Long.toString(n.timestampNs()));
                    out.write(',');
                    out.write(quote(n.target()));
                    out.write(',');
                    out.write(quote(update.path().toString()));
                    out.write(',');
                    out.write(quote(update.value().text()));
                    out.write('\n');
                    rows++;
                }
            }
        }
        return rows;
    }

    private static boolean targetMatches(String glob, String target) {
        if (glob == null || glob.equals("*")) {
            return true;
        }
        if (glob.endsWith("*")) {
            return target.startsWith(glob.substring(0, glob.length() - 1));
        }
        return glob.equals(target);
    }

    /** RFC 4180: fields with commas, quotes or line breaks are quoted, quotes doubled. */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
