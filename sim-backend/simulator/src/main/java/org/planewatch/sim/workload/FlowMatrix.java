package org.planewatch.sim.workload;

import java.util.List;
import org.planewatch.sim.config.WorkloadConfig.Flow;

/** Explicit flows (e.g. an htsim connection matrix), each posted at its start time. */
final class FlowMatrix implements Collective {
    private final List<Flow> flows;
    private int[] qps;
    private int done;

    FlowMatrix(List<Flow> flows, int hosts) {
        if (flows.isEmpty()) {
            throw new IllegalArgumentException("matrix workload has no flows");
        }
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            if (f.src() >= hosts || f.dst() >= hosts || f.src() == f.dst()) {
                throw new IllegalArgumentException("flow " + (i + 1) + " (" + f.src() + "->" + f.dst()
                        + ") needs two distinct hosts of 0.." + (hosts - 1));
            }
        }
        this.flows = flows;
    }

    @Override
    public void open(Traffic traffic) {
        qps = new int[flows.size()];
        for (int i = 0; i < qps.length; i++) {
            qps[i] = traffic.openQp(flows.get(i).src(), flows.get(i).dst());
        }
    }

    @Override
    public void beginRound(Traffic traffic) {
        done = 0;
        long now = traffic.nowPs();
        for (int i = 0; i < qps.length; i++) {
            long start = flows.get(i).startNs() * 1000;
            if (start <= now) {
                traffic.post(qps[i], flows.get(i).bytes());
            } else {
                traffic.timer(start, i);
            }
        }
    }

    @Override
    public void timer(Traffic traffic, int flow) {
        traffic.post(qps[flow], flows.get(flow).bytes());
    }

    @Override
    public boolean completed(Traffic traffic, int qp, int message) {
        return ++done == qps.length;
    }

    @Override
    public long messagesPerRound() {
        return flows.size();
    }

    @Override
    public long bytesPerRound() {
        return flows.stream().mapToLong(Flow::bytes).sum();
    }
}
