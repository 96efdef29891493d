package org.planewatch.console.record;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Picks the endpoint exclusion decisions ({@code mrc:/events/event[seq=S]/state/...}) out of a
 * batch, so the timeline can mark them and step between them without decoding batches.
 */
final class ExclusionRows {
    /** One decision as far as this batch tells it; fields a batch did not carry are null. */
    record Row(String source, String target, long ringSeq, long arrivalMillis, Map<String, String> fields) {}

    private ExclusionRows() {}

    static List<Row> from(List<? extends IngestEvent> batch) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (IngestEvent event : batch) {
            if (!(event instanceof IngestEvent.Notification n)) {
                continue;
            }
            for (TelemetryUpdate update : n.updates()) {
                TelemetryPath path = update.path();
                if (!isEventLeaf(path)) {
                    continue;
                }
                long seq;
                try {
                    seq = Long.parseLong(path.elem(1).keys().get("seq"));
                } catch (NumberFormatException e) {
                    continue;
                }
                Row row = rows.computeIfAbsent(n.target() + "#" + seq,
                        k -> new Row(n.source(), n.target(), seq, n.arrivalMillis(), new LinkedHashMap<>()));
                row.fields().put(path.last().name(), update.value().text());
            }
        }
        return List.copyOf(rows.values());
    }

    private static boolean isEventLeaf(TelemetryPath path) {
        if (!"mrc".equals(path.origin()) || path.size() != 4) {
            return false;
        }
        PathElem event = path.elem(1);
        return path.elem(0).name().equals("events") && event.name().equals("event")
                && event.keys().containsKey("seq") && path.elem(2).name().equals("state");
    }
}
