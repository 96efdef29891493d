package org.planewatch.sim.fault;

import java.util.ArrayList;
import java.util.List;
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
 */
public final class FaultInjector {
    private final Engine engine;
    private final Topology topo;
    private final Network net;
    private final Transport transport;
    private final List<Runnable> actions = new ArrayList<>();

    public FaultInjector(Engine engine, Network net, Transport transport) {
        this.engine = engine;
        this.topo = net.topology();
        this.net = net;
        this.transport = transport;
        engine.register(EventKind.FAULT, (index, arg) -> actions.get(index).run());
    }

    /** Schedules a fault at its {@code atNs} (now if that has passed); validates names first. */
    public void schedule(FaultSpec fault) {
        schedule(fault, fault.atNs() * 1000);
    }

    private void schedule(FaultSpec fault, long atPs) {
        validate(fault, topo);
        switch (fault) {
            case FaultSpec.LinkFlap flap -> {
                int link = topo.linkIndex(flap.link());
                for (int k = 0; k < flap.count(); k++) {
                    long down = atPs + k * flap.periodNs() * 1000;
                    at(down, () -> net.setLinkUp(link, false));
                    at(down + flap.downNs() * 1000, () -> net.setLinkUp(link, true));
                }
            }
            case FaultSpec.SwitchReboot reboot -> {
                int sw = topo.switchIndex(reboot.switchName());
                at(atPs, () -> setSwitchLinks(sw, false));
                at(atPs + reboot.downNs() * 1000, () -> setSwitchLinks(sw, true));
            }
            case FaultSpec.LinkDown f -> at(atPs, () -> net.setLinkUp(topo.linkIndex(f.link()), false));
            case FaultSpec.LinkUp f -> at(atPs, () -> net.setLinkUp(topo.linkIndex(f.link()), true));
            case FaultSpec.GrayLink f -> at(atPs, () -> net.setLinkDropProbability(topo.linkIndex(f.link()), f.dropProbability()));
            case FaultSpec.CrcErrors f -> at(atPs, () -> net.setLinkBitErrorRate(topo.linkIndex(f.link()), f.bitErrorRate()));
            case FaultSpec.PlaneDown f -> at(atPs, () -> setPlaneLinks(f.plane(), false));
            case FaultSpec.PlaneUp f -> at(atPs, () -> setPlaneLinks(f.plane(), true));
        }
    }

    private void at(long atPs, Runnable action) {
        actions.add(action);
        engine.schedule(Math.max(engine.now(), atPs), EventKind.FAULT, actions.size() - 1, 0);
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
                    throw new IllegalArgumentException("flap of " + f.link()
                            + " needs periodNs > downNs > 0 and count > 0, got " + f);
                }
            }
            case FaultSpec.GrayLink f -> {
                requireLink(topo, f.link());
                if (!(f.dropProbability() >= 0 && f.dropProbability() <= 1)) {
                    throw new IllegalArgumentException("gray drop probability of " + f.link() + " must be in [0, 1], got " + f.dropProbability());
                }
            }
            case FaultSpec.CrcErrors f -> {
                requireLink(topo, f.link());
                if (!(f.bitErrorRate() >= 0 && f.bitErrorRate() < 1)) {
                    throw new IllegalArgumentException("bit error rate of " + f.link() + " must be in [0, 1), got " + f.bitErrorRate());
                }
            }
            case FaultSpec.SwitchReboot f -> {
                if (topo.switchIndex(f.switchName()) < 0) {
                    throw new IllegalArgumentException("unknown switch '" + f.switchName()
                            + "': switches are p<plane>-t0-<i> (i < " + topo.t0PerPlane + ") or p<plane>-t1-<j> (j < "
                            + topo.t1PerPlane + "), plane < " + topo.planes);
                }
                if (f.downNs() <= 0) {
                    throw new IllegalArgumentException("reboot of " + f.switchName() + " needs downNs > 0, got " + f.downNs());
                }
            }
            case FaultSpec.PlaneDown f -> requirePlane(topo, f.plane());
            case FaultSpec.PlaneUp f -> requirePlane(topo, f.plane());
        }
    }

    private static void requireLink(Topology topo, String name) {
        if (topo.linkIndex(name) < 0) {
            throw new IllegalArgumentException("unknown link '" + name + "': links are <a>~<b> between a host and its T0 "
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

    private void setSwitchLinks(int sw, boolean up) {
        int first = topo.switchFirstPort(sw);
        for (int k = 0; k < topo.switchPortCount(sw); k++) {
            net.setLinkUp(topo.portLink(first + k), up);
        }
    }

    private void setPlaneLinks(int plane, boolean up) {
        for (int link = 0; link < topo.linkCount; link++) {
            if (topo.linkPlane(link) == plane) {
                net.setLinkUp(link, up);
            }
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

    /** Operator command: deny every EV crossing the link until {@link #allowLink} (or the link's repair). */
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
