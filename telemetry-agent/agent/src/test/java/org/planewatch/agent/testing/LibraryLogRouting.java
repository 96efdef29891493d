package org.planewatch.agent.testing;

import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.planewatch.agent.log.LibraryLogBridge;
import org.planewatch.agent.log.StructuredLog;

/** gRPC's and Netty's JUL records routed to a test's log, as the agent does; {@link #close} puts the JVM's handlers back. */
public final class LibraryLogRouting implements AutoCloseable {

    private final Handler[] before = LogManager.getLogManager().getLogger("").getHandlers();

    public LibraryLogRouting(StructuredLog log) {
        LibraryLogBridge.install(log);
    }

    @Override
    public void close() {
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        for (Handler h : before) {
            root.addHandler(h);
        }
    }
}
