package org.planewatch.agent.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.testing.LibraryLogRouting;

class LibraryLogBridgeTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private LibraryLogRouting routing;

    @BeforeEach
    void install() {
        routing = new LibraryLogRouting(new StructuredLog(new PrintStream(out, true, StandardCharsets.UTF_8), "agent"));
    }

    @AfterEach
    void restore() {
        routing.close();
    }

    @Test
    void writesALibraryWarningWithItsExceptionAsOneStructuredLine() {
        Logger.getLogger("io.grpc.netty.NettyServerHandler")
                .log(
                        Level.WARNING,
                        "Stream Error",
                        new IllegalStateException("Stream closed before write could take place"));

        String written = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, written.lines().count(), written);
        for (String part : new String[] {
            "level=WARN",
            "event=library-log",
            "logger=io.grpc.netty.NettyServerHandler",
            "message=\"Stream Error\"",
            "error=\"IllegalStateException: Stream closed before write could take place\""
        }) {
            assertTrue(written.contains(part), () -> part + " missing from " + written);
        }
        assertFalse(written.contains("\tat "), written);
    }

    @Test
    void formatsParametersAndLeavesOutFineRecords() {
        Logger logger = Logger.getLogger("io.grpc.test");
        logger.log(Level.SEVERE, "listener {0} failed", "127.0.0.1:9339");
        logger.log(Level.FINE, "chatty detail");

        String written = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, written.lines().count(), written);
        for (String part : new String[] {"level=ERROR", "message=\"listener 127.0.0.1:9339 failed\"", "error=none"}) {
            assertTrue(written.contains(part), () -> part + " missing from " + written);
        }
    }
}
