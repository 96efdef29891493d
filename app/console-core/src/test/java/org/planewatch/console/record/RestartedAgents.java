package org.planewatch.console.record;

import java.util.ArrayList;
import java.util.List;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * What a console receives from two agents whose devices share names, one of which restarts (its
 * ring starts again at 0) and later reconnects without restarting (it resends its ring): the
 * batches, and the decisions each agent session sent. The checked-in format-2 recording
 * {@code recordings/v2-restarted-agents.pwrec} holds these batches as the format-2 writer (commit
 * 2a04e7a) recorded them.
 */
final class RestartedAgents {
    static final long START = 1_790_000_000_000L;
    static final String A = "agent-a";
    static final String B = "agent-b";
    static final String HOST = "host-0000";

    /** One decision as its agent session sent it. */
    record Sent(String source, int session, long seq, long timestampNs, String reason) {}

    private final List<List<IngestEvent>> batches = new ArrayList<>();
    private final List<Sent> sent = new ArrayList<>();
    private long arrival = START;

    static RestartedAgents script() {
        RestartedAgents s = new RestartedAgents();
        s.batch(connection(A, ConnectionPhase.STREAMING, ""), connection(B, ConnectionPhase.STREAMING, ""));
        // agent-a, first session: decisions 0..4; decision 3's timestamp comes a batch later.
        for (int seq = 0; seq < 5; seq++) {
            s.decision(A, 0, seq, 5_000_000_000L + seq * 1_000_000L, "LOSS_TIMER", seq != 3);
            s.nextSeq(A, seq + 1);
        }
        s.batch(s.timestampOnly(A, 3, 5_000_000_000L + 3_000_000L));
        // agent-b, same device name, its own ring: decisions 0..2.
        for (int seq = 0; seq < 3; seq++) {
            s.decision(B, 0, seq, 7_000_000_000L + seq * 1_000_000L, "SACK_GAP", true);
        }
        // agent-a restarts: its ring starts at 0 again, with other decisions.
        s.batch(connection(A, ConnectionPhase.FAILED, "connection refused by 127.0.0.1:9339; retrying in 1.0 s"));
        s.batch(connection(A, ConnectionPhase.CONNECTING, "dialling 127.0.0.1:9339"));
        s.batch(connection(A, ConnectionPhase.STREAMING, ""));
        s.nextSeq(A, 0);
        for (int seq = 0; seq < 3; seq++) {
            s.decision(A, 1, seq, 9_000_000_000L + seq * 1_000_000L, "PROBE_TIMEOUT", true);
            s.nextSeq(A, seq + 1);
        }
        // agent-a reconnects without restarting: it resends its ring, which is not new.
        s.batch(connection(A, ConnectionPhase.FAILED, "connection to 127.0.0.1:9339 lost: stream reset"));
        s.batch(connection(A, ConnectionPhase.STREAMING, ""));
        s.nextSeq(A, 3);
        List<IngestEvent> resend = new ArrayList<>();
        for (int seq = 0; seq < 3; seq++) {
            resend.add(s.decisionNotification(A, seq, 9_000_000_000L + seq * 1_000_000L, "PROBE_TIMEOUT", true));
        }
        s.batch(resend.toArray(IngestEvent[]::new));
        s.decision(A, 1, 3, 9_000_000_000L + 3_000_000L, "PROBE_OK", true);
        return s;
    }

    List<List<IngestEvent>> batches() {
        return batches;
    }

    /** Every decision every agent session sent, once each, in the order they were sent. */
    List<Sent> sent() {
        return sent;
    }

    private void decision(
            String source, int session, long seq, long timestampNs, String reason, boolean withTimestamp) {
        batch(decisionNotification(source, seq, timestampNs, reason, withTimestamp));
        sent.add(new Sent(source, session, seq, timestampNs, reason));
    }

    private IngestEvent decisionNotification(
            String source, long seq, long timestampNs, String reason, boolean withTimestamp) {
        String base = "mrc:/events/event[seq=" + seq + "]/state/";
        List<TelemetryUpdate> updates = new ArrayList<>();
        if (withTimestamp) {
            updates.add(update(base + "timestamp", TelemetryValue.uint(timestampNs)));
        }
        updates.add(update(base + "qpn", TelemetryValue.uint(source.equals(A) ? 7 : 8)));
        updates.add(update(base + "ev", TelemetryValue.uint(seq)));
        updates.add(update(base + "plane", TelemetryValue.uint(2)));
        updates.add(update(base + "links", TelemetryValue.str("host-0000~p2-t0-0,p2-t0-0~p2-t1-5")));
        updates.add(update(base + "from-state", TelemetryValue.str("GOOD")));
        updates.add(update(base + "to-state", TelemetryValue.str("ASSUMED_BAD")));
        updates.add(update(base + "reason", TelemetryValue.str(reason)));
        updates.add(update("mrc:/planes/plane[id=2]/state/tx-pkts", TelemetryValue.uint(1000 + batches.size())));
        return new IngestEvent.Notification(source, HOST, timestampNs, updates, List.of(), arrival + 250);
    }

    private IngestEvent timestampOnly(String source, long seq, long timestampNs) {
        return new IngestEvent.Notification(
                source,
                HOST,
                timestampNs,
                List.of(update("mrc:/events/event[seq=" + seq + "]/state/timestamp", TelemetryValue.uint(timestampNs))),
                List.of(),
                arrival + 250);
    }

    private void nextSeq(String source, long next) {
        batch(new IngestEvent.Notification(
                source,
                HOST,
                0,
                List.of(update("mrc:/events/state/next-seq", TelemetryValue.uint(next))),
                List.of(),
                arrival + 250));
    }

    private static IngestEvent connection(String source, ConnectionPhase phase, String detail) {
        return new IngestEvent.Connection(source, phase, detail, 0);
    }

    /** One drained batch, 250 ms after the previous one; connection events take the batch's arrival. */
    private void batch(IngestEvent... events) {
        arrival += 250;
        List<IngestEvent> batch = new ArrayList<>();
        for (IngestEvent event : events) {
            batch.add(
                    event instanceof IngestEvent.Connection c
                            ? new IngestEvent.Connection(c.source(), c.phase(), c.detail(), arrival)
                            : event);
        }
        batches.add(List.copyOf(batch));
    }

    private static TelemetryUpdate update(String path, TelemetryValue value) {
        return new TelemetryUpdate(TelemetryPath.parse(path), value);
    }
}
