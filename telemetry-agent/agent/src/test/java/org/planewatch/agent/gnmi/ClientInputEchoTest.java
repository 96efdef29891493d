package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.sub;
import static org.planewatch.agent.testing.Requests.subscribe;
import static org.planewatch.agent.testing.Requests.target;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

/**
 * Client input reaches status messages and log lines only cut short: a 100 KB path echoed whole into
 * grpc-message made a trailer larger than grpc-js accepts, and a log line nobody can read.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClientInputEchoTest {

    private static final String HUGE = "x".repeat(100_000);
    /** The agent's cap on a status message or a log value, plus room for the rest of a log line. */
    private static final int LONGEST_MESSAGE = 1_000 + "... (100000 chars)".length();

    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private TestFabric fabric;
    private GnmiClient client;

    @BeforeEach
    void start() throws Exception {
        StructuredLog log = new StructuredLog(new PrintStream(logged, true, StandardCharsets.UTF_8), "agent");
        fabric = new TestFabric(TestFabric.options().withAllowConfigWrites(true), c -> c, log);
        client = fabric.client();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        fabric.close();
    }

    private static void assertShort(Status status) {
        String message = status.getDescription();
        assertTrue(
                message.length() <= LONGEST_MESSAGE,
                message.length() + " chars: " + message.substring(0, Math.min(300, message.length())));
        assertTrue(message.contains("... (100"), "says how long the input was: " + message);
    }

    @Test
    void aHugePathOrTargetIsEchoedCutShortInEveryStatus() throws Exception {
        StatusRuntimeException get = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking()
                        .get(GetRequest.newBuilder()
                                .setPrefix(target("host-0001"))
                                .addPath(path("/interfaces/" + HUGE))
                                .build()));
        assertEquals(Status.Code.NOT_FOUND, get.getStatus().getCode());
        assertShort(get.getStatus());

        StatusRuntimeException unknownTarget = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking()
                        .get(GetRequest.newBuilder()
                                .setPrefix(target(HUGE))
                                .addPath(path("/interfaces"))
                                .build()));
        assertEquals(Status.Code.NOT_FOUND, unknownTarget.getStatus().getCode());
        assertShort(unknownTarget.getStatus());

        Status once = SubscribeProbe.open(
                        client.async(),
                        subscribe(
                                "host-0001",
                                SubscriptionList.Mode.ONCE,
                                sub("/interfaces/" + HUGE, SubscriptionMode.TARGET_DEFINED, 0)))
                .end();
        assertEquals(Status.Code.NOT_FOUND, once.getCode());
        assertShort(once);

        Status sample = SubscribeProbe.open(
                        client.async(),
                        subscribe(
                                "host-0001",
                                SubscriptionList.Mode.STREAM,
                                sub("/interfaces/interface[name=" + HUGE + "]", SubscriptionMode.SAMPLE, 1)))
                .end();
        assertEquals(Status.Code.INVALID_ARGUMENT, sample.getCode());
        assertShort(sample);

        StatusRuntimeException set = assertThrows(
                StatusRuntimeException.class,
                () -> client.blocking()
                        .set(SetRequest.newBuilder()
                                .setPrefix(target("host-0001"))
                                .addUpdate(Update.newBuilder()
                                        .setPath(path("/interfaces/" + HUGE))
                                        .setVal(TypedValue.newBuilder().setStringVal(HUGE)))
                                .build()));
        assertShort(set.getStatus());
    }

    @Test
    void noLogLineCarriesTheWholeInput() throws Exception {
        SubscribeProbe.open(
                        client.async(),
                        subscribe(
                                HUGE, SubscriptionList.Mode.STREAM, sub("/interfaces", SubscriptionMode.ON_CHANGE, 0)))
                .end();
        SubscribeProbe.open(
                        client.async(),
                        subscribe(
                                "host-0001",
                                SubscriptionList.Mode.ONCE,
                                sub("/interfaces/" + HUGE, SubscriptionMode.TARGET_DEFINED, 0)))
                .end();
        List<String> lines = logged.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.contains("subscribe-error")), String.join("\n", lines));
        for (String line : lines) {
            assertTrue(
                    line.length() < 2 * LONGEST_MESSAGE,
                    line.length() + " chars: " + line.substring(0, Math.min(300, line.length())));
        }
    }
}
