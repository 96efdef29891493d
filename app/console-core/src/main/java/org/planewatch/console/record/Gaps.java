package org.planewatch.console.record;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * Writes the {@code gaps} table: one row per period a source was not streaming while it was
 * recorded, from the connection event that ended (or preceded) its streaming to the one that
 * started it again, with the first failure's reason and how many attempts failed. A gap still
 * open when the recording ends keeps no end. A source closed by the console (removed, or the
 * recording stopping) ends its gap and opens none. Owned by the writer; rows are written in the
 * batch's transaction.
 */
final class Gaps {
    private final PreparedStatement open;
    private final PreparedStatement failure;
    private final PreparedStatement close;
    /** Row id of each source's open gap. */
    private final Map<String, Long> openGaps = new HashMap<>();

    Gaps(Connection db) throws SQLException {
        open = db.prepareStatement(
                "INSERT INTO gaps(source, from_ms, to_ms, reason, failures) VALUES (?, ?, NULL, ?, ?)",
                Statement.RETURN_GENERATED_KEYS);
        failure = db.prepareStatement(
                "UPDATE gaps SET failures = failures + 1, reason = CASE WHEN failures = 0 THEN ? ELSE reason END WHERE id = ?");
        close = db.prepareStatement("UPDATE gaps SET to_ms = ? WHERE id = ?");
    }

    void follow(List<? extends IngestEvent> batch) throws SQLException {
        for (IngestEvent event : batch) {
            if (event instanceof IngestEvent.Connection c) {
                follow(c);
            }
        }
    }

    private void follow(IngestEvent.Connection c) throws SQLException {
        Long gap = openGaps.get(c.source());
        switch (c.phase()) {
            case STREAMING, CLOSED -> {
                if (gap != null) {
                    close.setLong(1, c.arrivalMillis());
                    close.setLong(2, gap);
                    close.executeUpdate();
                    openGaps.remove(c.source());
                }
            }
            case FAILED, CONNECTING -> {
                boolean failed = c.phase() == ConnectionPhase.FAILED;
                if (gap == null) {
                    open.setString(1, c.source());
                    open.setLong(2, c.arrivalMillis());
                    open.setString(3, failed ? c.detail() : "");
                    open.setInt(4, failed ? 1 : 0);
                    open.executeUpdate();
                    try (ResultSet keys = open.getGeneratedKeys()) {
                        keys.next();
                        openGaps.put(c.source(), keys.getLong(1));
                    }
                } else if (failed) {
                    failure.setString(1, c.detail());
                    failure.setLong(2, gap);
                    failure.executeUpdate();
                }
            }
        }
    }
}
