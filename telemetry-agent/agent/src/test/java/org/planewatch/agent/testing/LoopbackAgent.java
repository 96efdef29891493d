package org.planewatch.agent.testing;

import java.io.IOException;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;

/** A real agent serving a back end on 127.0.0.1 and a free port, and one client connected to it. */
public record LoopbackAgent(AgentServer server, GnmiClient client) implements AutoCloseable {

    public static LoopbackAgent serve(TelemetryBackend backend, GnmiOptions options) throws IOException {
        AgentServer server =
                new AgentServer(AgentConfig.loopbackInsecure(0, options), backend, StructuredLog.silent()).start();
        return new LoopbackAgent(server, new GnmiClient(server.port()));
    }

    /** Stops both; a null agent (a test that failed before starting one) is nothing to stop. */
    public static void stop(LoopbackAgent agent) throws InterruptedException {
        if (agent != null) {
            agent.close();
        }
    }

    @Override
    public void close() throws InterruptedException {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}
