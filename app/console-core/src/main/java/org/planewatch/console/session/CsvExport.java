package org.planewatch.console.session;

import java.io.IOException;
import java.nio.file.Path;
import org.planewatch.telemetry.path.PathPattern;

/** Exports recorded leaves as CSV, from the recording file (not from what the replay shows). */
public interface CsvExport {
    /** Writes every recorded value of the leaves matching {@code leaves} that arrived in [from, to]; returns the rows. */
    long exportCsv(long fromMillis, long toMillis, PathPattern leaves, Path out) throws SessionException, IOException;
}
