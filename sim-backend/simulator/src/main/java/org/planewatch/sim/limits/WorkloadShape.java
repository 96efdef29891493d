package org.planewatch.sim.limits;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadConfig.Flow;
import org.planewatch.sim.config.WorkloadType;

/**
 * What a workload asks of the transport, from its configuration alone (the collectives in
 * {@code org.planewatch.sim.workload} open and post exactly this): how many QPs, how many messages
 * each carries per round and at most at once, and the largest message.
 *
 * @param qps QPs the workload opens
 * @param messagesPerQpPerRound messages one QP carries in a round
 * @param outstandingMessagesPerQp messages a QP holds at once at most
 * @param largestMessageBytes the largest message
 * @param bytesPerRound payload of one round, all QPs (a double: it may exceed a long)
 * @param rounds rounds (steps for a training loop)
 * @param timedFlows flows of a matrix that start after time 0 (each a pending timer)
 * @param flowRecords explicit flows held in the configuration
 * @param fanIn how senders meet at receivers, which decides how many EVs congestion alone retires
 */
record WorkloadShape(
        double qps,
        double messagesPerQpPerRound,
        int outstandingMessagesPerQp,
        long largestMessageBytes,
        double bytesPerRound,
        int rounds,
        long timedFlows,
        long flowRecords,
        FanIn fanIn) {

    /** How senders meet at receivers. */
    enum FanIn {
        /** Every receiver has one sender (permutation, ring): only faults retire EVs. */
        ONE_PER_RECEIVER,
        /** Every host sends to many and receives from many (all-to-all): some EVs retire on congestion. */
        MANY_TO_MANY,
        /** Many senders, one receiver (incast): EVs retire on congestion until the guard stops them. */
        MANY_TO_ONE
    }

    static WorkloadShape of(Scenario scenario) {
        WorkloadConfig w = scenario.workload();
        long hosts = w.hosts() == 0 ? scenario.fabric().hostCount() : w.hosts();
        WorkloadType type = w.type() == WorkloadType.TRAINING ? w.collective() : w.type();
        return switch (type) {
            case PERMUTATION -> oneMessagePerQp(hosts, w, FanIn.ONE_PER_RECEIVER);
            case INCAST -> oneMessagePerQp(w.senders() == 0 ? hosts - 1 : w.senders(), w, FanIn.MANY_TO_ONE);
            case ALLTOALL -> oneMessagePerQp((double) hosts * (hosts - 1), w, FanIn.MANY_TO_MANY);
            case ALLREDUCE -> {
                // Ring all-reduce: one QP per host, 2(n-1) chunks of bytes/n each per round; a QP may
                // hold the next chunk before the previous one is acknowledged.
                long chunk = Math.max(1, (w.messageBytes() + hosts - 1) / hosts);
                double perQp = 2.0 * (hosts - 1);
                yield new WorkloadShape(
                        hosts, perQp, 2, chunk, hosts * perQp * chunk, w.repeat(), 0, 0, FanIn.ONE_PER_RECEIVER);
            }
            case MATRIX -> {
                long largest = w.flows().stream().mapToLong(Flow::bytes).max().orElse(1);
                double total = w.flows().stream().mapToDouble(Flow::bytes).sum();
                long timed = w.flows().stream().filter(f -> f.startNs() > 0).count();
                yield new WorkloadShape(
                        w.flows().size(),
                        1,
                        1,
                        largest,
                        total,
                        1,
                        timed,
                        w.flows().size(),
                        fanIn(w.flows()));
            }
            case TRAINING -> throw new IllegalArgumentException("training collective must be alltoall or allreduce");
        };
    }

    private static WorkloadShape oneMessagePerQp(double qps, WorkloadConfig w, FanIn fanIn) {
        return new WorkloadShape(qps, 1, 1, w.messageBytes(), qps * w.messageBytes(), w.repeat(), 0, 0, fanIn);
    }

    /** A matrix's: one receiver of many flows, receivers of one flow each, or anything else. */
    private static FanIn fanIn(List<Flow> flows) {
        Map<Integer, Long> perReceiver =
                flows.stream().collect(Collectors.groupingBy(Flow::dst, Collectors.counting()));
        long most =
                perReceiver.values().stream().mapToLong(Long::longValue).max().orElse(1);
        if (most == 1) {
            return FanIn.ONE_PER_RECEIVER;
        }
        return perReceiver.size() == 1 ? FanIn.MANY_TO_ONE : FanIn.MANY_TO_MANY;
    }

    /** Packets of the largest message at {@code mtu} payload bytes each. */
    double packetsPerMessage(int mtu) {
        return Math.ceil((double) largestMessageBytes / mtu);
    }

    /** Packets one QP carries over the whole run: its PSNs. */
    double packetsPerQp(int mtu) {
        return packetsPerMessage(mtu) * messagesPerQpPerRound * rounds;
    }

    double messagesPerQp() {
        return messagesPerQpPerRound * rounds;
    }

    double totalMessages() {
        return qps * messagesPerQp();
    }

    double totalBytes() {
        return bytesPerRound * rounds;
    }
}
