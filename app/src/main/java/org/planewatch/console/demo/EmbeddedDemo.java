package org.planewatch.console.demo;

import java.io.IOException;
import java.util.Optional;
import org.planewatch.console.ingest.TargetConfig;
import org.planewatch.console.session.FaultControl;

/**
 * The embedded demo: an in-process agent serving a simulated fabric over real gRPC on loopback,
 * which the console then connects to like any other target.
 */
public final class EmbeddedDemo implements AutoCloseable {
    private final TargetConfig target;
    private final Optional<FaultControl> faults;
    private final String description;
    private final AutoCloseable agent;

    private EmbeddedDemo(TargetConfig target, Optional<FaultControl> faults, String description, AutoCloseable agent) {
        this.target = target;
        this.faults = faults;
        this.description = description;
        this.agent = agent;
    }

    /** @throws IllegalStateException when this build has no simulated agent back end */
    public static EmbeddedDemo start() throws IOException {
        throw new IllegalStateException("the agent's simulated back end has not landed in this build "
                + "(use --targets <file> to connect to running agents)");
    }

    public TargetConfig target() {
        return target;
    }

    public Optional<FaultControl> faults() {
        return faults;
    }

    public String description() {
        return description;
    }

    @Override
    public void close() {
        try {
            agent.close();
        } catch (Exception e) {
            System.err.println("planewatch-console: stopping the demo agent: " + e.getMessage());
        }
    }
}
