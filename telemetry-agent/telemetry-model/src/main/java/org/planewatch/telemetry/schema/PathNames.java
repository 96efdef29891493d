package org.planewatch.telemetry.schema;

/**
 * The origins, element names and list keys of the schema's paths, defined once: the leaf families
 * ({@link InterfaceLeaves}, {@link PlaneLeaves}, ...) build their paths from them, and code that reads
 * a path element by element (the console's router) compares against them.
 */
public final class PathNames {

    /** The origin of MRC host state. */
    public static final String MRC = "mrc";
    /** The origin of the simulator's clock and fault-injection leaves. */
    public static final String SIM = "sim";

    // OpenConfig interfaces and QoS
    public static final String INTERFACES = "interfaces";
    public static final String INTERFACE = "interface";
    public static final String QOS = "qos";
    public static final String OUTPUT = "output";
    public static final String QUEUES = "queues";
    public static final String QUEUE = "queue";
    public static final String COUNTERS = "counters";
    /** The openconfig-if-ethernet container of an interface. */
    public static final String ETHERNET = "ethernet";

    // OpenConfig LLDP
    public static final String LLDP = "lldp";
    public static final String NEIGHBORS = "neighbors";
    public static final String NEIGHBOR = "neighbor";

    // Planewatch MRC
    public static final String PLANES = "planes";
    public static final String PLANE = "plane";
    public static final String QPS = "qps";
    public static final String QP = "qp";
    public static final String EVS = "evs";
    public static final String EV = "ev";
    public static final String EVENTS = "events";
    public static final String EVENT = "event";
    public static final String AGENT = "agent";

    // Planewatch simulator
    public static final String CLOCK = "clock";
    public static final String LINKS = "links";
    public static final String LINK = "link";
    public static final String SWITCHES = "switches";
    public static final String SWITCH = "switch";

    /** The container of a subtree's read-only leaves. */
    public static final String STATE = "state";
    /** The container of a subtree's writable leaves. */
    public static final String CONFIG = "config";

    // List keys
    /** Key of {@code interface} (and of {@code queue}, {@code link}, {@code switch}). */
    public static final String NAME = "name";
    /** Key of the QoS {@code interface}. */
    public static final String INTERFACE_ID = "interface-id";
    /** Key of {@code plane}, {@code ev} and the LLDP {@code neighbor}. */
    public static final String ID = "id";
    /** Key of {@code qp}. */
    public static final String QPN = "qpn";
    /** Key of the event ring's {@code event}. */
    public static final String SEQ = "seq";

    private PathNames() {}
}
