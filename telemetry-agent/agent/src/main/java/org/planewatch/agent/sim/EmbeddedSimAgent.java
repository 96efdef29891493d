package org.planewatch.agent.sim;

import java.io.IOException;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.sim.config.Scenario;

/**
 * A simulated fabric served over gNMI inside the caller's process, on 127.0.0.1 (plaintext, loopback
 * only): the console's embedded demo. Connect a gNMI client to {@link #port()} with target {@code *}
 * or a device name.
 *
 * <pre>{@code
 * try (EmbeddedSimAgent agent = EmbeddedSimAgent.start(scenario, SimOptions.defaults(), true)) {
 *     connect("127.0.0.1", agent.port());
 * }
 * }</pre>
 */
public final class EmbeddedSimAgent implements AutoCloseable {

    private final AgentServer server;
    private final SimulatedBackend backend;

    private EmbeddedSimAgent(AgentServer server, SimulatedBackend backend) {
        this.server = server;
        this.backend = backend;
    }

    /**
     * Builds the scenario's simulation and starts serving it on a free loopback port.
     *
     * @param allowFaultInjection whether gNMI Set on {@code sim:} paths is allowed
     * @throws IllegalArgumentException if the simulator rejects the scenario
     */
    public static EmbeddedSimAgent start(Scenario scenario, SimOptions options, boolean allowFaultInjection)
            throws IOException {
        return start(scenario, options, allowFaultInjection, 0, StructuredLog.silent());
    }

    public static EmbeddedSimAgent start(
            Scenario scenario, SimOptions options, boolean allowFaultInjection, int port, StructuredLog log)
            throws IOException {
        SimulatedBackend backend = new SimulatedBackend(scenario, options);
        GnmiOptions gnmi = GnmiOptions.defaults().withAllowConfigWrites(allowFaultInjection);
        try {
            AgentServer server = new AgentServer(AgentConfig.loopbackInsecure(port, gnmi), backend, log).start();
            return new EmbeddedSimAgent(server, backend);
        } catch (IOException | RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    public int port() {
        return server.port();
    }

    /** The running simulation's controls: dilation, pause, fault injection ({@link SimulatedBackend#write}). */
    public SimulatedBackend backend() {
        return backend;
    }

    public AgentServer server() {
        return server;
    }

    /** Stops serving and stops the simulation. */
    @Override
    public void close() {
        server.close();
    }
}
