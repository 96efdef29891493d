package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.TargetConfig;

class ConnectionFailuresTest {

    private static final TargetConfig PLAIN = TargetConfig.insecure("plain", "127.0.0.1", 9339, List.of("*"));

    /**
     * An agent killed as the console dials: depending on when the channel notices, gRPC reports the
     * closed connection, the reset, or a close during the HTTP/2 set-up; all three are the same hang-up
     * (GnmiTargetClientTest's hang-up test saw the third once, under load).
     */
    @Test
    void aCloseDuringProtocolNegotiationIsAHangUpBeforeTheAgentAnswered() {
        var failure = ConnectionFailures.explain(
                PLAIN,
                Status.UNAVAILABLE
                        .withDescription("Connection closing while performing protocol negotiation for"
                                + " [NettyClientHandler#0, WriteBufferingAndExceptionHandler#0]")
                        .asRuntimeException(),
                false);
        assertTrue(failure.closedBeforeAnswer(), failure.message());
        assertTrue(
                failure.message().startsWith("connection to 127.0.0.1:9339 lost before the agent answered"),
                failure.message());
    }

    @Test
    void aNetworkCloseBeforeAnyAnswerIsTheSameHangUp() {
        var failure = ConnectionFailures.explain(
                PLAIN,
                Status.UNAVAILABLE
                        .withDescription("Network closed for unknown reason")
                        .asRuntimeException(),
                false);
        assertTrue(failure.closedBeforeAnswer(), failure.message());
    }

    @Test
    void anyOtherUnavailableIsALostConnection() {
        var failure = ConnectionFailures.explain(
                PLAIN, Status.UNAVAILABLE.withDescription("io exception").asRuntimeException(), false);
        assertEquals("connection to 127.0.0.1:9339 lost: io exception", failure.message());
    }

    /**
     * The status gRPC 1.83 gives every stream of a connection the agent closed for too many keepalive
     * pings (seen with a client pinging every 10 s against the agent's default enforcement): the same
     * code as an agent's own limit, but a redial works, so it is said as what it is and redialled
     * with the short back-off.
     */
    @Test
    void aConnectionCutForTooManyPingsIsNotARefusalOfTheSubscription() {
        var cut = Status.RESOURCE_EXHAUSTED
                .withDescription("Connection closed after GOAWAY. HTTP/2 error code: ENHANCE_YOUR_CALM"
                        + " (Bandwidth exhausted), debug data: too_many_pings")
                .asRuntimeException();
        var failure = ConnectionFailures.explain(PLAIN, cut, true);
        assertTrue(
                failure.message().startsWith("127.0.0.1:9339 closed the connection: it allows fewer keepalive pings"),
                failure.message());
        assertFalse(ConnectionFailures.refusesTheRequest(cut), "a redial works");
        assertTrue(
                ConnectionFailures.refusesTheRequest(Status.RESOURCE_EXHAUSTED
                        .withDescription("selection of 9 paths exceeds the limit of 8")
                        .asRuntimeException()),
                "an agent's own limit is still a refusal");
    }
}
