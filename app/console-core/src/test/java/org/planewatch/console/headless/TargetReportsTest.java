package org.planewatch.console.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;

class TargetReportsTest {
    private final TargetReports reports = new TargetReports(List.of("lab", "spare"), 0);

    private List<String> at(long millis, String source, ConnectionPhase phase, String detail) {
        return reports.on(new IngestEvent.Connection(source, phase, detail, millis));
    }

    @Test
    void saysWhyATargetIsNotLiveWhenTheReasonChangesAndWhenItIsLiveAgain() {
        assertEquals(List.of(), at(0, "lab", ConnectionPhase.CONNECTING, "dialling 127.0.0.1:9339"));
        assertEquals(List.of("target lab live"), at(100, "lab", ConnectionPhase.STREAMING, ""));
        assertEquals(
                List.of("target lab not live: stream from 127.0.0.1:9339 reset while streaming: RST_STREAM"),
                at(
                        5_000,
                        "lab",
                        ConnectionPhase.FAILED,
                        "stream from 127.0.0.1:9339 reset while streaming: RST_STREAM; retrying in 600 ms"));
        assertEquals(
                List.of("target lab not live: connection refused by 127.0.0.1:9339"),
                at(5_700, "lab", ConnectionPhase.FAILED, "connection refused by 127.0.0.1:9339; retrying in 0.9 s"));
        assertEquals(
                List.of(),
                at(6_700, "lab", ConnectionPhase.FAILED, "connection refused by 127.0.0.1:9339; retrying in 0.7 s"),
                "the same reason again is not repeated");
        assertEquals(0, reports.live(), "spare never connected; lab is down");
        assertEquals(
                List.of("target lab live again after 2.3 s (3 failed attempts)"),
                at(7_300, "lab", ConnectionPhase.STREAMING, ""));
        assertEquals(1, reports.live());
    }

    @Test
    void remindsOfATargetStillNotLiveEveryThirtySeconds() {
        at(
                1_000,
                "lab",
                ConnectionPhase.FAILED,
                "TLS with agent:9339: the agent's certificate is outside its validity period; retrying in 1.0 s");
        assertEquals(List.of(), reports.reminders(20_000));
        assertEquals(
                List.of(
                        "target lab still not live after 31.0 s: TLS with agent:9339: the agent's certificate is outside"
                                + " its validity period (1 failed attempt)",
                        "target spare still not live after 31.0 s: no answer yet (0 failed attempts)"),
                reports.reminders(31_000));
        assertEquals(List.of(), reports.reminders(40_000));
    }
}
