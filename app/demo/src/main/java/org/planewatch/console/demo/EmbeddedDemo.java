package org.planewatch.console.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * The embedded demo: the agent's simulated back end serving {@code demo-fabric.yaml} over real gRPC
 * on a free loopback port. The console connects to it like to any other aggregating endpoint
 * ({@code *}); fault injection goes through gNMI Set, which the demo agent allows (a live session's
 * {@code faultControl} on its {@link #target}).
 */
public final class EmbeddedDemo implements AutoCloseable {
    /**
     * Held here: {@code java.util.logging} keeps loggers only weakly, and a level set on one nobody
     * holds is lost when it is collected before Netty's handler class takes its own: a "Stream
     * Error" stack trace was then printed at many exits of the console (5 of 7 on 2026-11-25).
     */
    private static final Logger NETTY_SERVER_LOG =
            Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerHandler");

    public static final String SCENARIO = "demo-fabric.yaml";
    public static final String TARGET_NAME = "demo";

    private final EmbeddedSimAgent agent;
    private final TargetConfig target;
    private final String description;

    private EmbeddedDemo(EmbeddedSimAgent agent, Scenario scenario, double dilation) {
        this.agent = agent;
        this.target = TargetConfig.insecure(TARGET_NAME, "127.0.0.1", agent.port(), List.of("*"));
        var fabric = scenario.fabric();
        this.description = String.format(
                Locale.ROOT,
                "simulated fabric '%s', %d planes, %d hosts, %d switches, 1 simulated ms per %.0f ms wall, agent on 127.0.0.1:%d",
                scenario.name(),
                fabric.planes(),
                fabric.hostCount(),
                fabric.switchCount(),
                dilation,
                agent.port());
    }

    /**
     * Starts the demo agent with the shipped scenario at the default dilation. Per-EV leaves stay
     * off: building them for every QP on every publication (tens of thousands of EVs) slowed the
     * simulation some 30-fold, so the incident never came within a minute of launch.
     */
    public static EmbeddedDemo start() throws IOException {
        return start(demoScenario(), SimOptions.defaults());
    }

    public static EmbeddedDemo start(Scenario scenario, SimOptions options) throws IOException {
        // The console cancels its streams when it closes; the in-process agent's Netty would log each one.
        NETTY_SERVER_LOG.setLevel(Level.SEVERE);
        return new EmbeddedDemo(EmbeddedSimAgent.start(scenario, options, true), scenario, options.dilation());
    }

    /** The shipped demo scenario. */
    public static Scenario demoScenario() throws IOException {
        try (InputStream in = EmbeddedDemo.class.getResourceAsStream(SCENARIO)) {
            if (in == null) {
                throw new IOException("the console jar lacks its demo scenario " + SCENARIO);
            }
            return ScenarioLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), SCENARIO, Path.of("."));
        } catch (ScenarioException e) {
            throw new IllegalStateException("the shipped demo scenario is invalid: " + e.getMessage(), e);
        }
    }

    public TargetConfig target() {
        return target;
    }

    public String description() {
        return description;
    }

    public EmbeddedSimAgent agent() {
        return agent;
    }

    @Override
    public void close() {
        agent.close();
    }
}
