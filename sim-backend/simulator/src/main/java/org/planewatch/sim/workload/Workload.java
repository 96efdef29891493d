package org.planewatch.sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadType;
import org.planewatch.sim.engine.Rng;

/**
 * Runs a collective for a number of rounds, each after an optional compute gap: a training-step
 * loop when the gap is set (step time = its slowest transfer), back-to-back rounds otherwise.
 * Every round is recorded as a {@link StepResult}.
 */
public final class Workload {
    private final Collective collective;
    private final int rounds;
    private final long gapPs;
    private final int participants;
    private long[] deliveredAtStart;
    private final List<StepResult> steps = new ArrayList<>();
    private Traffic traffic;
    private int round;
    private long roundStartPs;
    private long slowestDonePs;
    private int slowestQp;
    private long slowestBytes;
    private boolean complete;

    private Workload(Collective collective, int rounds, long gapPs, int participants) {
        this.collective = collective;
        this.participants = participants;
        this.rounds = rounds;
        this.gapPs = gapPs;
    }

    /** Builds the workload a scenario describes for a fabric of {@code fabricHosts} hosts. */
    public static Workload of(WorkloadConfig config, int fabricHosts, long seed) {
        int hosts = config.hosts() == 0 ? fabricHosts : config.hosts();
        if (hosts > fabricHosts) {
            throw new IllegalArgumentException(
                    "workload hosts " + hosts + " exceeds the fabric's " + fabricHosts + " hosts");
        }
        long collectiveSeed = Rng.seed(seed, 4, 0);
        WorkloadType type = config.type() == WorkloadType.TRAINING ? config.collective() : config.type();
        Collective collective = switch (type) {
            case PERMUTATION -> new Permutation(hosts, config.messageBytes(), collectiveSeed);
            case INCAST ->
                new Incast(hosts, config.receiver(), config.senders(), config.messageBytes(), collectiveSeed);
            case ALLTOALL -> new AllToAll(hosts, config.messageBytes());
            case ALLREDUCE -> new RingAllReduce(hosts, config.messageBytes(), config.ringStride());
            case MATRIX -> new FlowMatrix(config.flows(), fabricHosts);
            case TRAINING -> throw new IllegalArgumentException("training collective must be alltoall or allreduce");
        };
        long gap = config.type() == WorkloadType.TRAINING ? config.computeGapNs() * 1000 : 0;
        int participants = type == WorkloadType.MATRIX ? fabricHosts : hosts;
        return new Workload(collective, config.repeat(), gap, participants);
    }

    public void start(Traffic t) {
        this.traffic = t;
        this.deliveredAtStart = new long[t.planes()];
        collective.open(t);
        startRound();
    }

    private void startRound() {
        roundStartPs = traffic.nowPs();
        slowestDonePs = -1;
        for (int p = 0; p < deliveredAtStart.length; p++) {
            deliveredAtStart[p] = traffic.deliveredBytes(p);
        }
        if (gapPs > 0) {
            traffic.timer(roundStartPs + gapPs, -1);
        } else {
            collective.beginRound(traffic);
        }
    }

    /** A message completed at its receiver. */
    public void messageCompleted(int qp, int message, long bytes, long donePs) {
        if (donePs >= slowestDonePs) {
            slowestDonePs = donePs;
            slowestQp = qp;
            slowestBytes = bytes;
        }
        if (!collective.completed(traffic, qp, message)) {
            return;
        }
        String slowest = "host-" + traffic.qpSource(slowestQp) + "->host-" + traffic.qpDestination(slowestQp) + " ("
                + slowestBytes + " B)";
        long durationPs = Math.max(1, donePs - roundStartPs);
        List<Double> planeGbps = new ArrayList<>(deliveredAtStart.length);
        double total = 0;
        for (int p = 0; p < deliveredAtStart.length; p++) {
            double gbps = (traffic.deliveredBytes(p) - deliveredAtStart[p]) * 8000.0 / durationPs;
            planeGbps.add(gbps);
            total += gbps;
        }
        steps.add(new StepResult(
                round,
                roundStartPs / 1000,
                donePs / 1000,
                durationPs / 1000,
                slowest,
                total,
                total / participants,
                planeGbps));
        if (++round < rounds) {
            startRound();
        } else {
            complete = true;
        }
    }

    public void timer(int arg) {
        if (arg < 0) {
            collective.beginRound(traffic);
        } else {
            collective.timer(traffic, arg);
        }
    }

    public boolean complete() {
        return complete;
    }

    public long expectedMessages() {
        return collective.messagesPerRound() * rounds;
    }

    public long expectedBytes() {
        return collective.bytesPerRound() * rounds;
    }

    public List<StepResult> steps() {
        return List.copyOf(steps);
    }
}
