package org.planewatch.sim.telemetry;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.transport.EvCounter;
import org.planewatch.sim.transport.EvState;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.HostPlaneCounter;
import org.planewatch.sim.transport.QpCounter;
import org.planewatch.sim.transport.Transport;

/**
 * Read-only view of the simulated fabric for the telemetry agent: topology with stable names and
 * every counter of spec section 7, read by index without allocating.
 *
 * <p>Threading: the simulation is single-threaded. Read counters on the thread that drives the
 * simulation, between {@code Simulation.runUntil} calls; exclusion listeners are called on that
 * thread while it runs.
 *
 * <p>Names: hosts {@code host-<n>}, switches {@code p<plane>-t0-<i>} and {@code p<plane>-t1-<j>},
 * links {@code <a>~<b>} (lower end first: {@code host-17~p2-t0-1}, {@code p2-t0-3~p2-t1-5}).
 * A port index names an egress direction: the switch port {@code switchPort(s, k)} or the host NIC
 * port {@code hostPort(h, plane)}.
 */
public final class FabricTelemetry {
    private final Engine engine;
    private final Topology topo;
    private final Network net;
    private final Transport transport;
    private final double linkGbps;
    private final double linkBytesPerPs;
    private final List<ExclusionListener> listeners = new CopyOnWriteArrayList<>();
    private long[] scratch = new long[64];

    public FabricTelemetry(Engine engine, Network net, Transport transport, double linkGbps) {
        this.engine = engine;
        this.topo = net.topology();
        this.net = net;
        this.transport = transport;
        this.linkGbps = linkGbps;
        this.linkBytesPerPs = linkGbps / 8000.0;
    }

    /** Speed of every link (and so of every port) of the fabric, in Gb/s. */
    public double linkGbps() {
        return linkGbps;
    }

    public void addExclusionListener(ExclusionListener listener) {
        listeners.add(listener);
    }

    public void removeExclusionListener(ExclusionListener listener) {
        listeners.remove(listener);
    }

    /** Called by the simulation for every transition. */
    public void publish(ExclusionEvent event) {
        for (ExclusionListener listener : listeners) {
            listener.onExclusion(event);
        }
    }

    public long nowNs() {
        return engine.now() / 1000;
    }

    /** Simulated time in picoseconds, the clock of the queue integrals. */
    public long nowPs() {
        return engine.now();
    }

    // ---- topology

    public int planes() {
        return topo.planes;
    }

    public int hostCount() {
        return topo.hosts;
    }

    public int switchCount() {
        return topo.switches;
    }

    public int linkCount() {
        return topo.linkCount;
    }

    public String hostName(int host) {
        return topo.hostName(host);
    }

    public String switchName(int sw) {
        return topo.switchName(sw);
    }

    public String linkName(int link) {
        return topo.linkName(link);
    }

    /** Switch index by name, or -1. */
    public int switchIndex(String name) {
        return topo.switchIndex(name);
    }

    /** Link index by name (either end first), or -1. */
    public int linkIndex(String name) {
        return topo.linkIndex(name);
    }

    public int switchPlane(int sw) {
        return topo.switchPlane(sw);
    }

    /** 0 for a T0 (leaf), 1 for a T1 (spine). */
    public int switchTier(int sw) {
        return topo.switchIsT0(sw) ? 0 : 1;
    }

    public int switchPortCount(int sw) {
        return topo.switchPortCount(sw);
    }

    /** Port index of port {@code k} of switch {@code sw}. */
    public int switchPort(int sw, int k) {
        return topo.switchFirstPort(sw) + k;
    }

    /** Port index of the NIC port of {@code host} on {@code plane}. */
    public int hostPort(int host, int plane) {
        return topo.hostPort(host, plane);
    }

    /**
     * The egress port at the far end of a port's link: its {@code TX_*} counters are this port's
     * receive counters (e.g. a host NIC port's RX packets and bytes).
     */
    public int facingPort(int port) {
        return topo.facingPort(port);
    }

    public int portLink(int port) {
        return topo.portLink(port);
    }

    /** Name of the node at the far end of a port's link. */
    public String portPeerName(int port) {
        return topo.nodeName(topo.portPeer(port));
    }

    /** The node (host {@code 0..H-1}, then switches) at the far end of a port's link: LLDP's neighbor. */
    public int portPeerNode(int port) {
        return topo.portPeer(port);
    }

    /**
     * The number of a port on its own device: the plane of a host's NIC port, {@code k} of
     * {@code switchPort(s, k)}. With the facing port it names the neighbor's port.
     */
    public int portNumber(int port) {
        if (topo.isHostPort(port)) {
            return port % topo.planes;
        }
        return port - topo.switchFirstPort(topo.portOwner(port) - topo.hosts);
    }

    public boolean linkUp(int link) {
        return net.linkUp(link);
    }

    public int linkPlane(int link) {
        return topo.linkPlane(link);
    }

    // ---- counters

    public long portCounter(int port, PortCounter which) {
        return net.portCounter(port, which);
    }

    public long hostPlaneCounter(int host, int plane, HostPlaneCounter which) {
        return transport.hostPlaneCounter(host, plane, which);
    }

    public int qpCount() {
        return transport.qpCount();
    }

    public int qpSource(int qp) {
        return transport.qpSource(qp);
    }

    public int qpDestination(int qp) {
        return transport.qpDestination(qp);
    }

    /** Allocation-free once the scratch space has grown to the completion-time window. */
    public long qpCounter(int qp, QpCounter which) {
        long messages =
                Math.min(Transport.COMPLETION_WINDOW, transport.qpCounter(qp, QpCounter.MESSAGES_COMPLETED, scratch));
        if (messages > scratch.length) {
            scratch = new long[(int) Math.max(messages, 2L * scratch.length)];
        }
        return transport.qpCounter(qp, which, scratch);
    }

    /** State slots QP {@code qp} holds (see {@link Transport#qpStateSlots}): flat over a long run. */
    public long qpStateSlots(int qp) {
        return transport.qpStateSlots(qp);
    }

    public int evCount(int qp) {
        return transport.evCount(qp);
    }

    public int evPlane(int qp, int ev) {
        return transport.evPlane(qp, ev);
    }

    public EvState evState(int qp, int ev) {
        return transport.evState(qp, ev);
    }

    public long evCounter(int qp, int ev, EvCounter which) {
        return transport.evCounter(qp, ev, which);
    }

    /** Link names on an EV's path (allocates). */
    public List<String> evLinks(int qp, int ev) {
        return transport.evLinkNames(qp, ev);
    }

    public double planeMetric(int plane, PlaneMetric which) {
        return switch (which) {
            case UTILISATION -> planeUtilisation(plane);
            case TRIM_RATE_PER_MILLION -> {
                long sent = 0;
                for (int h = 0; h < topo.hosts; h++) {
                    sent += net.portCounter(topo.hostPort(h, plane), PortCounter.TX_PACKETS);
                }
                yield sent == 0 ? 0 : 1e6 * net.planeTrimmed(plane) / sent;
            }
            case EVS_OUT_OF_SERVICE_FRACTION -> {
                long all = 0;
                long out = 0;
                for (int h = 0; h < topo.hosts; h++) {
                    for (EvState s : EvState.values()) {
                        long n = transport.hostPlaneCounter(h, plane, evsIn(s));
                        all += n;
                        if (s != EvState.GOOD) {
                            out += n;
                        }
                    }
                }
                yield all == 0 ? 0 : (double) out / all;
            }
            case LINKS_DOWN -> {
                int down = 0;
                for (int link = 0; link < topo.linkCount; link++) {
                    if (topo.linkPlane(link) == plane && !net.linkUp(link)) {
                        down++;
                    }
                }
                yield down;
            }
        };
    }

    private static HostPlaneCounter evsIn(EvState s) {
        return switch (s) {
            case GOOD -> HostPlaneCounter.EVS_GOOD;
            case ASSUMED_BAD -> HostPlaneCounter.EVS_ASSUMED_BAD;
            case DENIED -> HostPlaneCounter.EVS_DENIED;
            case UNKNOWN -> HostPlaneCounter.EVS_UNKNOWN;
        };
    }

    private double planeUtilisation(int plane) {
        long now = engine.now();
        if (now == 0) {
            return 0;
        }
        long bytes = 0;
        long ports = 0;
        for (int sw = 0; sw < topo.switches; sw++) {
            if (topo.switchPlane(sw) != plane) {
                continue;
            }
            int first = topo.switchFirstPort(sw);
            for (int k = 0; k < topo.switchPortCount(sw); k++) {
                bytes += net.portCounter(first + k, PortCounter.TX_BYTES);
                ports++;
            }
        }
        return bytes / (ports * linkBytesPerPs * now);
    }
}
