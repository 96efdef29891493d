package org.planewatch.agent.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.log.LibraryLogBridge;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.testing.TestFabric;

/** Bytes that are not gRPC (a port scan, an HTTP/1 request) close their connection with one quiet line. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class GarbageConnectionTest {

    @Test
    void aConnectionThatNeverSpeaksHttp2LeavesOneInfoLineAndNoException() throws Exception {
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        StructuredLog log = new StructuredLog(new PrintStream(logged, true, StandardCharsets.UTF_8), "agent");
        Logger root = LogManager.getLogManager().getLogger("");
        Handler[] before = root.getHandlers();
        LibraryLogBridge.install(log); // as the agent's main does: library records become lines of this log
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c, log)) {
            byte[] garbage = new byte[300];
            new Random(16).nextBytes(garbage);
            send(fabric.server.port(), garbage);
            send(fabric.server.port(), "GET / HTTP/1.1\r\nHost: agent\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (lines(logged, "connection-not-grpc").size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(200); // anything logged after the connection closed
            String text = logged.toString(StandardCharsets.UTF_8);
            assertEquals(2, lines(logged, "connection-not-grpc").size(), text);
            assertTrue(lines(logged, "connection-not-grpc").stream().allMatch(l -> l.contains("level=INFO")), text);
            List<String> others = text.lines()
                    .filter(l -> !l.contains("event=connection-not-grpc") && !l.contains("event=listening"))
                    .toList();
            assertEquals(List.of(), others, "one line per connection, nothing else: " + text);
        } finally {
            for (Handler h : root.getHandlers()) {
                root.removeHandler(h);
            }
            for (Handler h : before) {
                root.addHandler(h);
            }
        }
    }

    private static void send(int port, byte[] bytes) throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = socket.getOutputStream();
            out.write(bytes);
            out.flush();
            socket.setSoTimeout(5_000);
            try {
                while (socket.getInputStream().read() >= 0) {
                    // the agent answers with a GOAWAY or nothing, then closes
                }
            } catch (IOException closed) {
                // reset by the agent: closed as well
            }
        }
    }

    private static List<String> lines(ByteArrayOutputStream logged, String event) {
        return logged.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.contains("event=" + event))
                .toList();
    }
}
