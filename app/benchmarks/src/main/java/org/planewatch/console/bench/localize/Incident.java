package org.planewatch.console.bench.localize;

import java.util.List;

/**
 * One staged incident: a fabric, the faults (scenario lines) and what a correct answer names.
 *
 * @param id position in the plan, from 1
 * @param kind what was broken, or {@link FaultKind#NONE}
 * @param fabric where
 * @param culprits the faulted elements as the console names them (a link {@code a~b}, a switch);
 *     empty on a fault-free run
 * @param faults the scenario's fault entries
 * @param faultAtUs simulated time the fault starts (the warm-up before it is fault-free)
 * @param endUs simulated time the run stops; the ranking then is the one judged (the fault still on)
 * @param simSeed the simulator's seed (its own random choices: EV spraying, gray drops)
 */
public record Incident(
        int id,
        FaultKind kind,
        BenchFabric fabric,
        List<String> culprits,
        List<String> faults,
        long faultAtUs,
        long endUs,
        long simSeed) {

    public Incident {
        culprits = List.copyOf(culprits);
        faults = List.copyOf(faults);
        if ((kind == FaultKind.NONE) != culprits.isEmpty()) {
            throw new IllegalArgumentException("a fault-free run names no culprit, an incident at least one");
        }
    }

    /** The scenario the simulator runs: the fabric, the job (demo's transport and step loop) and the faults. */
    public String scenarioYaml() {
        StringBuilder yaml = new StringBuilder();
        yaml.append("name: localization-bench-").append(id).append('\n');
        yaml.append("seed: ").append(simSeed).append('\n');
        yaml.append("fabric: ").append(fabric.scenarioFabric()).append('\n');
        yaml.append("transport: {mode: mrc, evsPerQp: 32}\n");
        // One 4 KiB packet per peer per step after 200 us of compute: every busy fabric link carries
        // packets of some hundred paths per simulated millisecond, at a simulator cost a shared
        // 2-core machine keeps up with for the 512-host fabric at the demo's pace.
        yaml.append("workload: {type: training, collective: alltoall, hosts: ")
                .append(fabric.jobHosts())
                .append(", messageBytes: 4096, computeGapNs: 200000, repeat: 1000000}\n");
        if (faults.isEmpty()) {
            yaml.append("faults: []\n");
        } else {
            yaml.append("faults:\n");
            faults.forEach(f -> yaml.append("  - ").append(f).append('\n'));
        }
        yaml.append("durationUs: ").append(endUs + 1000).append('\n');
        return yaml.toString();
    }
}
