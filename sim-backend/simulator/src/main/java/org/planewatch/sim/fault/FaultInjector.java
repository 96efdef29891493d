package org.planewatch.sim.fault;

import java.util.Comparator;
import java.util.PriorityQueue;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.transport.Transport;

/**
 * Injects faults now or at a simulated time, by name (scenario files, agent, console). Must be
 * called on the simulation thread, between {@code runUntil} calls. Names are checked at once: an
 * unknown link, switch or plane is an {@link IllegalArgumentException} naming it.
 *
 * <p>A fault's steps are scheduled one at a time: the next when the previous one is taken, so a
 * flap holds one pending event whatever its count. Each step keeps the sequence number and event
 * target it had when every step was scheduled up front, so event order and trace digest are the
 * same as they were then.
 *
 * <p>A link is down while any fault holds it ({@link LinkDownCauses}): its own link-down or flap,
 * a reboot of either end switch, its plane down. Ending one of them leaves the others in force.
 */
public final class FaultInjector {
    private final Engine engine;
    private final Topology topo;
    private final Network net;
    private final Transport transport;
    private final LinkDownCauses causes;
    /** The next step of every fault not finished, in the engine's order: (time, sequence). */
    private final PriorityQueue<PendingStep> pending =
            new PriorityQueue<>(Comparator.comparingLong(PendingStep::atPs).thenComparingLong(PendingStep::sequence));
    /** Event target of the next fault's first step: steps are numbered in the order faults are scheduled. */
    private long nextTarget;

    /** Step {@code step} of a fault, due at {@code atPs}; its engine event has {@code sequence}. */
    private record PendingStep(
            FaultSteps steps, long step, long atPs, long sequence, long firstSequence, long firstTarget) {}

    public FaultInjector(Engine engine, Network net, Transport transport) {
        this.engine = engine;
        this.topo = net.topology();
        this.net = net;
        this.transport = transport;
        this.causes = new LinkDownCauses(topo, net);
        engine.register(EventKind.FAULT, (target, arg) -> takeStep(target));
    }

    /** Faults with a step still to take (each holds one pending event). */
    public int pendingFaults() {
        return pending.size();
    }

    /** Schedules a fault at its {@code atNs} (now if that has passed); validates names first. */
    public void schedule(FaultSpec fault) {
        schedule(fault, FaultSteps.picos(fault.atNs()));
    }

    private void schedule(FaultSpec fault, long atPs) {
        validate(fault, topo);
        FaultSteps steps = steps(fault, atPs);
        long firstSequence = engine.reserveSequences(steps.count());
        long firstTarget = nextTarget;
        nextTarget += steps.count();
        scheduleStep(steps, 0, firstSequence, firstTarget);
    }

    private FaultSteps steps(FaultSpec fault, long atPs) {
        return switch (fault) {
            case FaultSpec.LinkFlap flap -> {
                int link = topo.linkIndex(flap.link());
                yield FaultSteps.periodic(
                        atPs,
                        FaultSteps.picos(flap.periodNs()),
                        FaultSteps.picos(flap.downNs()),
                        flap.count(),
                        () -> causes.setLinkDown(link, true),
                        () -> causes.setLinkDown(link, false));
            }
            case FaultSpec.SwitchReboot reboot -> {
                int sw = topo.switchIndex(reboot.switchName());
                yield FaultSteps.downThenUp(
                        atPs,
                        FaultSteps.picos(reboot.downNs()),
                        () -> causes.setRebooting(sw, true),
                        () -> causes.setRebooting(sw, false));
            }
            case FaultSpec.LinkDown f ->
                FaultSteps.once(atPs, () -> causes.setLinkDown(topo.linkIndex(f.link()), true));
            case FaultSpec.LinkUp f -> FaultSteps.once(atPs, () -> causes.setLinkDown(topo.linkIndex(f.link()), false));
            case FaultSpec.GrayLink f ->
                FaultSteps.once(atPs, () -> net.setLinkDropProbability(topo.linkIndex(f.link()), f.dropProbability()));
            case FaultSpec.CrcErrors f ->
                FaultSteps.once(atPs, () -> net.setLinkBitErrorRate(topo.linkIndex(f.link()), f.bitErrorRate()));
            case FaultSpec.PlaneDown f -> FaultSteps.once(atPs, () -> causes.setPlaneDown(f.plane(), true));
            case FaultSpec.PlaneUp f -> FaultSteps.once(atPs, () -> causes.setPlaneDown(f.plane(), false));
        };
    }

    /** Schedules step {@code step} unless the fault is finished or the step falls past the end of time. */
    private void scheduleStep(FaultSteps steps, long step, long firstSequence, long firstTarget) {
        if (step >= steps.count()) {
            return;
        }
        long dueAt = steps.timePs().applyAsLong(step);
        if (dueAt == FaultSteps.NEVER) {
            return;
        }
        long atPs = Math.max(engine.now(), dueAt);
        long sequence = firstSequence + step;
        // The target is the step's index among all faults' steps, as when each step was scheduled at
        // once; it only feeds the trace digest (steps wrap past 2^32 harmlessly).
        engine.scheduleReserved(atPs, EventKind.FAULT, (int) (firstTarget + step), 0, sequence);
        pending.add(new PendingStep(steps, step, atPs, sequence, firstSequence, firstTarget));
    }

    /** The engine delivers fault events in (time, sequence) order: the earliest pending step is this one. */
    private void takeStep(int target) {
        PendingStep due = pending.poll();
        if (due == null || (int) (due.firstTarget() + due.step()) != target) {
            throw new IllegalStateException("fault event " + target + " does not match the next pending fault step");
        }
        due.steps().apply().accept(due.step());
        scheduleStep(due.steps(), due.step() + 1, due.firstSequence(), due.firstTarget());
    }

    public static void validate(FaultSpec fault, Topology topo) {
        if (fault.atNs() < 0) {
            throw new IllegalArgumentException("fault time must be >= 0, got " + fault.atNs() + " ns in " + fault);
        }
        switch (fault) {
            case FaultSpec.LinkDown f -> requireLink(topo, f.link());
            case FaultSpec.LinkUp f -> requireLink(topo, f.link());
            case FaultSpec.LinkFlap f -> {
                requireLink(topo, f.link());
                if (f.periodNs() <= 0 || f.downNs() <= 0 || f.downNs() >= f.periodNs() || f.count() <= 0) {
                    throw new IllegalArgumentException(
                            "flap of " + f.link() + " needs periodNs > downNs > 0 and count > 0, got " + f);
                }
            }
            case FaultSpec.GrayLink f -> {
                requireLink(topo, f.link());
                if (!(f.dropProbability() >= 0 && f.dropProbability() <= 1)) {
                    throw new IllegalArgumentException(
                            "gray drop probability of " + f.link() + " must be in [0, 1], got " + f.dropProbability());
                }
            }
            case FaultSpec.CrcErrors f -> {
                requireLink(topo, f.link());
                if (!(f.bitErrorRate() >= 0 && f.bitErrorRate() < 1)) {
                    throw new IllegalArgumentException(
                            "bit error rate of " + f.link() + " must be in [0, 1), got " + f.bitErrorRate());
                }
            }
            case FaultSpec.SwitchReboot f -> {
                if (topo.switchIndex(f.switchName()) < 0) {
                    throw new IllegalArgumentException("unknown switch '" + f.switchName()
                            + "': switches are p<plane>-t0-<i> (i < " + topo.t0PerPlane + ") or p<plane>-t1-<j> (j < "
                            + topo.t1PerPlane + "), plane < " + topo.planes);
                }
                if (f.downNs() <= 0) {
                    throw new IllegalArgumentException(
                            "reboot of " + f.switchName() + " needs downNs > 0, got " + f.downNs());
                }
            }
            case FaultSpec.PlaneDown f -> requirePlane(topo, f.plane());
            case FaultSpec.PlaneUp f -> requirePlane(topo, f.plane());
        }
    }

    private static void requireLink(Topology topo, String name) {
        if (topo.linkIndex(name) < 0) {
            throw new IllegalArgumentException(
                    "unknown link '" + name + "': links are <a>~<b> between a host and its T0 "
                            + "(host-17~p2-t0-1) or a T0 and a T1 of one plane (p2-t0-3~p2-t1-5); this fabric has hosts 0.."
                            + (topo.hosts - 1) + ", planes 0.." + (topo.planes - 1) + ", t0 0.." + (topo.t0PerPlane - 1)
                            + ", t1 0.." + (topo.t1PerPlane - 1));
        }
    }

    private static void requirePlane(Topology topo, int plane) {
        if (plane < 0 || plane >= topo.planes) {
            throw new IllegalArgumentException("unknown plane " + plane + ": planes are 0.." + (topo.planes - 1));
        }
    }

    // ---- Java API: faults now

    public void linkDown(String link) {
        schedule(new FaultSpec.LinkDown(nowNs(), link), engine.now());
    }

    public void linkUp(String link) {
        schedule(new FaultSpec.LinkUp(nowNs(), link), engine.now());
    }

    public void flap(String link, long periodNs, long downNs, int count) {
        schedule(new FaultSpec.LinkFlap(nowNs(), link, periodNs, downNs, count), engine.now());
    }

    public void gray(String link, double dropProbability) {
        schedule(new FaultSpec.GrayLink(nowNs(), link, dropProbability), engine.now());
    }

    public void crc(String link, double bitErrorRate) {
        schedule(new FaultSpec.CrcErrors(nowNs(), link, bitErrorRate), engine.now());
    }

    public void rebootSwitch(String switchName, long downNs) {
        schedule(new FaultSpec.SwitchReboot(nowNs(), switchName, downNs), engine.now());
    }

    public void planeDown(int plane) {
        schedule(new FaultSpec.PlaneDown(nowNs(), plane), engine.now());
    }

    public void planeUp(int plane) {
        schedule(new FaultSpec.PlaneUp(nowNs(), plane), engine.now());
    }

    /**
     * Operator command: deny every EV crossing the link until {@link #allowLink}; the link's repair
     * does not lift it (only the controller's automatic denials lift with recovery).
     */
    public void denyLink(String link) {
        requireLink(topo, link);
        transport.operatorDeny(topo.linkIndex(link));
    }

    public void allowLink(String link) {
        requireLink(topo, link);
        transport.allowLink(topo.linkIndex(link));
    }

    private long nowNs() {
        return engine.now() / 1000;
    }
}
