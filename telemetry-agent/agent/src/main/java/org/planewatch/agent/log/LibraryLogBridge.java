package org.planewatch.agent.log;

import io.grpc.StatusRuntimeException;
import java.text.MessageFormat;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Sends what gRPC and Netty log through {@code java.util.logging} to the agent's structured log, one
 * line per record. Without it the JDK's console handler printed a multi-line record with a full stack
 * trace to stderr whenever a collector went away in the middle of a write, which an operator cannot
 * tell from a crash and a log shipper cannot parse. The exception is kept as its type and message.
 */
public final class LibraryLogBridge extends Handler {
    /**
     * gRPC's Netty transport logs "Transport failed" at INFO, with the exception, for every connection
     * that does not speak HTTP/2 (an HTTP/1 request, a port scan); the agent logs one line of its own
     * for those ({@code connection-not-grpc}), so the bridge drops that logger's records below WARNING.
     */
    private static final String NETTY_TRANSPORT = "io.grpc.netty.shaded.io.grpc.netty.NettyServerTransport";

    private final StructuredLog log;

    private LibraryLogBridge(StructuredLog log) {
        this.log = log;
        setLevel(Level.INFO);
    }

    /** Replaces the root logger's handlers (the JDK's stderr console handler) by this bridge. */
    public static void install(StructuredLog log) {
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        root.addHandler(new LibraryLogBridge(log));
    }

    @Override
    public void publish(LogRecord record) {
        if (!isLoggable(record)
                || (record.getLevel().intValue() < Level.WARNING.intValue()
                        && String.valueOf(record.getLoggerName()).startsWith(NETTY_TRANSPORT))) {
            return;
        }
        Object[] fields = {
            "logger",
            String.valueOf(record.getLoggerName()),
            "message",
            message(record),
            "error",
            error(record.getThrown())
        };
        int level = record.getLevel().intValue();
        if (record.getThrown() instanceof StatusRuntimeException) {
            // A status gRPC gives a client (a request over --max-message-bytes): the client's error,
            // not a fault of the agent, so not a warning.
            level = Math.min(level, Level.INFO.intValue());
        }
        if (level >= Level.SEVERE.intValue()) {
            log.error("library-log", fields);
        } else if (level >= Level.WARNING.intValue()) {
            log.warn("library-log", fields);
        } else {
            log.info("library-log", fields);
        }
    }

    private static String message(LogRecord record) {
        String text = record.getMessage();
        Object[] parameters = record.getParameters();
        if (text == null) {
            return "";
        }
        return parameters == null || parameters.length == 0 ? text : MessageFormat.format(text, parameters);
    }

    private static String error(Throwable thrown) {
        return thrown == null ? "none" : thrown.getClass().getSimpleName() + ": " + thrown.getMessage();
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
}
