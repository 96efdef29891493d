package org.planewatch.sim.engine;

/** Kinds of events; each kind has one handler registered with the {@link Engine}. */
public final class EventKind {
    /** A port finished serialising a packet and may start the next one (target: port). */
    public static final int PORT_READY = 0;
    /** The oldest packet on a wire reaches the far end (target: egress port; one event per packet). */
    public static final int WIRE_ARRIVAL = 1;
    /** A QP's loss / QP timer is due (target: QP). */
    public static final int QP_TIMER = 2;
    /** A probe of a retired EV is due (target: QP, arg: EV). */
    public static final int PROBE = 3;
    /** A workload's own timer (arg: workload-defined). */
    public static final int WORKLOAD = 4;
    /** A scheduled fault (target: fault index). */
    public static final int FAULT = 5;
    /** ECMP baseline: routing reconverges around failed links. */
    public static final int RECONVERGE = 6;

    public static final int COUNT = 7;

    private EventKind() {}
}
