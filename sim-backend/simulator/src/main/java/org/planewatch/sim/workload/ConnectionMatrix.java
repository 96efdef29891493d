package org.planewatch.sim.workload;

import java.util.List;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadConfig.Flow;

/**
 * An htsim connection matrix: the host count it declares and its flows in file order.
 *
 * @param nodes hosts the matrix is written for ({@code Nodes N})
 * @param flows one flow per connection line
 */
public record ConnectionMatrix(int nodes, List<Flow> flows) {

    public ConnectionMatrix {
        flows = List.copyOf(flows);
    }

    public WorkloadConfig toWorkload() {
        return WorkloadConfig.matrix(flows);
    }

    public long totalBytes() {
        return flows.stream().mapToLong(Flow::bytes).sum();
    }
}
