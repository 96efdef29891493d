package org.planewatch.collector.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.console.testing.SentDecisionCounter;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * The real agent with the simulated back end on a small fabric (2 planes, 8 hosts, 8 switches) and a
 * flapping link (or a link down for good), serving every device as its own gNMI target over loopback; counts on its side of
 * the wire every exclusion decision it sent.
 */
public final class SimAgent implements AutoCloseable {
    private final SimulatedBackend backend;
    private final AgentServer server;
    private final SentDecisionCounter sent = new SentDecisionCounter();

    private SimAgent(Scenario scenario, double dilation, int eventRing) throws IOException {
        this.backend = new SimulatedBackend(scenario, options(dilation, eventRing));
        this.server = new AgentServer(
                        AgentConfig.loopbackInsecure(0, GnmiOptions.defaults()), backend, StructuredLog.silent())
                .intercept(sent)
                .start();
    }

    public static SimAgent start() throws IOException {
        return new SimAgent(flappingLink(), SimOptions.defaults().dilation(), 256);
    }

    /**
     * A fabric big enough for the localization to tell a fabric link from the host links beside it
     * (2 planes of 4 T0 and 4 T1, 16 hosts, all-to-all training, as the console's localization test):
     * {@link #DOWN_LINK} goes down for good after 1 s of wall clock.
     */
    public static SimAgent startWithALinkDown() throws IOException {
        return new SimAgent(linkDown(), SimOptions.defaults().dilation(), 256);
    }

    /**
     * A 2,048-host fabric (2 planes of 64 T0 and 8 T1, 32 hosts per T0: 2,192 devices) under a
     * repeated permutation, with {@link #BIG_DOWN_LINK} down for good after 1 ms of simulated time.
     */
    public static SimAgent startBigFabricWithALinkDown() throws IOException {
        try {
            return new SimAgent(
                    ScenarioLoader.parse("""
                            name: link-down-2048
                            seed: 7
                            fabric: {planes: 2, hostsPerT0: 32, t0PerPlane: 64, t1PerPlane: 8}
                            transport: {mode: mrc, evsPerQp: 16}
                            workload: {type: permutation, messageBytes: 65536, repeat: 100000}
                            faults:
                              - {atUs: 1000, link: "%s", action: down}
                            durationUs: 600000
                            """.formatted(BIG_DOWN_LINK), "link-down-2048.yaml", Path.of(".")),
                    SimOptions.defaults().dilation(),
                    256);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the 2,048-host scenario does not load: " + e.getMessage(), e);
        }
    }

    /** The link {@link #startBigFabricWithALinkDown} takes down, in plane 0. */
    public static final String BIG_DOWN_LINK = "p0-t0-5~p0-t1-3";

    /** The link {@link #startWithALinkDown} takes down, in plane 0. */
    public static final String DOWN_LINK = "p0-t0-1~p0-t1-3";

    /**
     * Slowed down {@code dilation} wall seconds per simulated second, with a ring of {@code eventRing}
     * decisions per host: at the default speed the flapping link makes some 200 decisions a second,
     * more than a loaded 2-core machine streams to 16 subscriptions without the agent dropping some
     * (its outbound buffer full), which is the agent's loss, not the collectors'.
     */
    public static SimAgent start(double dilation, int eventRing) throws IOException {
        return new SimAgent(flappingLink(), dilation, eventRing);
    }

    /** Updates the agent dropped for a slow subscriber (its outbound buffer full). */
    public long droppedUpdates() {
        return server.stats().droppedUpdates();
    }

    public List<String> devices() {
        return backend.targets().stream().map(TargetInfo::name).sorted().toList();
    }

    public int port() {
        return server.port();
    }

    public int activeSubscriptions() {
        return server.stats().activeSubscriptions();
    }

    public SentDecisionCounter sent() {
        return sent;
    }

    public void pause(boolean paused) throws Exception {
        backend.setPaused(paused);
    }

    /** A targets file listing each device as a target of its own, as 137,000 agents would be. */
    public Path writeTargetsFile(Path file) throws IOException {
        StringBuilder yaml = new StringBuilder("targets:\n");
        for (String device : devices()) {
            yaml.append("  ")
                    .append(device)
                    .append(":\n")
                    .append("    address: 127.0.0.1:")
                    .append(port())
                    .append('\n')
                    .append("    devices: [\"")
                    .append(device)
                    .append("\"]\n")
                    .append("    insecure: true\n");
        }
        return Files.writeString(file, yaml);
    }

    /**
     * A targets file of {@code targets} aggregating targets, each serving its share of the devices
     * (gNMI {@code prefix.target} per device), as a site's few hundred agents would on a big fabric.
     */
    public Path writeTargetsFile(Path file, int targets) throws IOException {
        List<String> all = devices();
        StringBuilder yaml = new StringBuilder("targets:\n");
        for (int t = 0; t < targets; t++) {
            yaml.append("  agent-")
                    .append(t)
                    .append(":\n    address: 127.0.0.1:")
                    .append(port());
            yaml.append("\n    insecure: true\n    devices: [");
            for (int i = t; i < all.size(); i += targets) {
                yaml.append(i == t ? "\"" : ", \"").append(all.get(i)).append('"');
            }
            yaml.append("]\n");
        }
        return Files.writeString(file, yaml);
    }

    private static SimOptions options(double dilation, int eventRing) {
        SimOptions d = SimOptions.defaults();
        return new SimOptions(dilation, d.publishIntervalMs(), d.target(), d.evLeaves(), eventRing);
    }

    static Scenario flappingLink() {
        return smallFabric(
                "flapping-link", new FaultSpec.LinkFlap(20_000, "p0-t0-0~p0-t1-0", 100_000, 50_000, 1_000_000));
    }

    /**
     * {@link #startWithALinkDown}'s fabric under names no pattern of the console knows (hosts {@code
     * gpu-r01-n01}, T0s {@code leaf-p0-001}, T1s {@code spine-p0-01}), the down link among them: the
     * topology can only be learnt from LLDP and the hosts' plane ports.
     */
    public static SimAgent startWithChosenNames() throws IOException {
        return new SimAgent(
                linkDown(CHOSEN_NAMES, CHOSEN_DOWN_LINK), SimOptions.defaults().dilation(), 256);
    }

    /** The link {@link #startWithChosenNames} takes down, in plane 0. */
    public static final String CHOSEN_DOWN_LINK = "leaf-p0-002~spine-p0-04";

    private static final String CHOSEN_NAMES = """
            names:
              host: "gpu-r{t0+1:02}-n{k+1:02}"
              t0: "leaf-p{plane}-{i+1:03}"
              t1: "spine-p{plane}-{j+1:02}"
            """;

    static Scenario linkDown() {
        return linkDown("", DOWN_LINK);
    }

    private static Scenario linkDown(String names, String downLink) {
        try {
            return ScenarioLoader.parse("""
                name: link-down
                seed: 5
                fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 4, t1PerPlane: 4}
                %s""".formatted(names) + """
                transport: {mode: mrc, evsPerQp: 32}
                workload: {type: training, collective: alltoall, messageBytes: 65536, computeGapNs: 300000, repeat: 100000}
                faults:
                  - {atUs: 1000, link: "%s", action: down}
                durationUs: 600000
                """.formatted(downLink), "link-down.yaml", Path.of("."));
        } catch (ScenarioException e) {
            throw new IllegalStateException("the link-down scenario does not load: " + e.getMessage(), e);
        }
    }

    private static Scenario smallFabric(String name, FaultSpec fault) {
        return new Scenario(
                name,
                11,
                new FabricConfig(2, 4, 2, 2, 100.0, 1_000, 4_096, 64, 262_144, 524_288, 52_428, 209_715, true, 0, 8),
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(1 << 20, 1_000_000),
                List.of(fault),
                0);
    }

    @Override
    public void close() {
        server.close();
    }
}
