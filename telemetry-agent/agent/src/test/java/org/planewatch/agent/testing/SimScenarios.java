package org.planewatch.agent.testing;

import java.nio.file.Path;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioLoader;

/** Scenarios the agent's tests simulate. */
public final class SimScenarios {

    private SimScenarios() {}

    /** Two planes of 8 hosts, 2 T0 and 2 T1 switches each, MRC with 16 EVs per QP, a permutation workload. */
    public static Scenario small() throws Exception {
        return ScenarioLoader.parse("""
                name: agent-test
                seed: 3
                fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, linkGbps: 100, linkDelayNs: 1000}
                transport: {mode: mrc, evsPerQp: 16}
                workload: {type: permutation, messageBytes: 1048576, repeat: 1000}
                durationUs: 100000
                """, "agent-test.yaml", Path.of("."));
    }

    /** {@link #small()} with devices named as a cluster might name them: {@code gpu-r01-n01}, {@code leaf-p0-01}, {@code spine-p0-01}. */
    public static Scenario smallNamed() throws Exception {
        return ScenarioLoader.parse("""
                name: agent-test-named
                seed: 3
                fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, linkGbps: 100, linkDelayNs: 1000}
                names: {host: "gpu-r{t0+1:02}-n{k+1:02}", t0: "leaf-p{plane}-{i+1:02}", t1: "spine-p{plane}-{j+1:02}"}
                transport: {mode: mrc, evsPerQp: 16}
                workload: {type: permutation, messageBytes: 1048576, repeat: 1000}
                durationUs: 100000
                """, "agent-test-named.yaml", Path.of("."));
    }
}
