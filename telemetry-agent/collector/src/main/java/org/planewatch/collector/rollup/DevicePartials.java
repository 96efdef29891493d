package org.planewatch.collector.rollup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.CounterTurns;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FleetRoles;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.RollupJson;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.schema.QueueLeaves;

/**
 * The per-device stage of the rollups for one stream task: the notifications of the devices in one
 * partition of the updates topic go into the console core's own {@link TelemetryStore} (counters to
 * rates, LLDP to topology, links from both ends, per-plane sums: the console's maths, not a copy),
 * and {@link #changes} turns its snapshot into the partial sums of each plane and the links as this
 * task sees them, only those that changed since the last call. Not thread-safe: the task's thread.
 */
public final class DevicePartials {
    /** The exclusion history the store keeps: decisions are the by-plane stage's business here. */
    private static final int EVENT_CAPACITY = 16;

    private final String task;
    private final TelemetryStore store;
    private final Map<Integer, PlanePartial> sentPlanes = new HashMap<>();
    /**
     * Every link handed out and not gone since, by id: the state its view was last made from, which
     * the store's snapshot holds too (a copy of each view handed out cost 64 bytes a link, ADR 0142).
     */
    private final Map<String, FabricSnapshot.LinkState> sentLinks = new HashMap<>();

    /** The roles already handed out by {@link #roles}: device to its role's value. */
    private final Map<String, String> sentRoles = new HashMap<>();

    /** Told of the counters that stand still or move again as notifications are applied; null when none is. */
    private CounterTurns turns;

    /** The source a replayed notification is applied with: the store keeps the device, not its targets entry. */
    private static final String REMEMBERED = "remembered";

    public DevicePartials(String task, LongSupplier clockMillis) {
        this(task, clockMillis, FleetRoles.NONE);
    }

    /**
     * @param fleet the roles the other tasks learnt: with them this task's devices are placed as in
     *     the whole fabric, not only as its own partition of devices tells (ADR 0116)
     */
    public DevicePartials(String task, LongSupplier clockMillis, FleetRoles fleet) {
        this.task = task;
        this.store = new TelemetryStore(
                () -> Instant.ofEpochMilli(clockMillis.getAsLong()),
                FreshnessPolicy.standard(),
                AlarmThresholds.defaults(),
                EVENT_CAPACITY,
                false,
                fleet);
        store.leaveCoreSpreadsOut(); // the fleet's come from the links handed out
    }

    /** The subtrees of the tables the rollups never read: a switch port's queues, a host's QPs. */
    private static final PathPattern QUEUES = new PathPattern(QueueLeaves.ROOT);

    private static final PathPattern QPS = new PathPattern(QpLeaves.ROOT);

    /**
     * Applies a notification whose reader already left out what {@link #reads} refuses ({@code
     * NotificationRecords.reader(DevicePartials::reads)}: the stage's records, whose unread leaves are
     * never decoded, ADR 0128), without looking at its paths again.
     */
    public void applyRead(IngestEvent.Notification notification) {
        if (!notification.updates().isEmpty() || !notification.deletes().isEmpty()) {
            store.apply(List.of(notification));
        }
    }

    /** From now on tells {@code turns} of the counters that stand still or move again as notifications are applied. */
    public void watchCounterTurns(CounterTurns turns) {
        this.turns = turns;
        store.watchCounterTurns(turns);
    }

    /**
     * Applies the leaves {@code device} was remembered with ({@link RememberedLeaves}: a task that moved
     * or restarted, ADRs 0118, 0140), before anything the device sends, telling the watcher of no
     * counter's turn: the replay makes every remembered still counter stand still once more, and the
     * record those turns would be kept in already holds them. A stage that gathered them kept one
     * object per still counter of every device of its partition until its first notification: 9.4
     * million, some 2 GB, in a collector restarted at full scale, whose tasks were then not heard
     * from for minutes.
     */
    public void applyRemembered(String device, byte[] remembered, long arrivalMillis) {
        store.watchCounterTurns(null);
        try {
            for (IngestEvent.Notification notification :
                    RememberedLeaves.replay(remembered, REMEMBERED, device, arrivalMillis)) {
                apply(notification);
            }
        } finally {
            store.watchCounterTurns(turns);
        }
    }

    /** Applies a notification as it came (remembered neighbors, tests), leaving out the tables never read. */
    public void apply(IngestEvent.Notification notification) {
        applyRead(notification.keepingUpdates(DevicePartials::reads));
    }

    private static final PathPattern PORT_COUNTERS = new PathPattern(InterfaceLeaves.COUNTERS_TEMPLATE);
    private static final PathPattern PLANE_STATE = new PathPattern(PlaneLeaves.STATE_TEMPLATE);

    /**
     * A port's counters a link view or a plane sum is made from: its utilization (out-octets), trims,
     * and errors (in-errors and in-discards). The others the console core keeps (packets both ways for
     * the loss between two ends, in-octets, out-discards) feed no figure of the rollups (ADR 0142).
     */
    private static final Set<String> PORT_COUNTERS_READ = Set.of(
            InterfaceLeaves.OUT_OCTETS,
            InterfaceLeaves.TRIM_PKTS,
            InterfaceLeaves.IN_ERRORS,
            InterfaceLeaves.IN_DISCARDS);

    /**
     * A host's plane leaves the rollups read: its port (the host link), state, goodput (rx-octets) and
     * EV counts, and tx-octets, which no figure is made from but which is kept while it stands still
     * for a drill-down into the host to show both its rates (ADR 0147); the rest (retransmits, NACKs,
     * probes) are the host view's, from a drill-down.
     */
    private static final Set<String> PLANE_LEAVES_READ = Set.of(
            PlaneLeaves.PORT_NAME,
            PlaneLeaves.OPER_STATUS,
            PlaneLeaves.RX_OCTETS,
            PlaneLeaves.TX_OCTETS,
            PlaneLeaves.EVS_GOOD,
            PlaneLeaves.EVS_ASSUMED_BAD,
            PlaneLeaves.EVS_DENIED,
            PlaneLeaves.EVS_UNKNOWN);

    /**
     * Whether the rollups read the leaf at {@code path}: not the tables the plane sums and links never
     * read (ADR 0112), a switch port's queues and a host's QPs (the hosts' EV counts come from their
     * plane leaves: collectors subscribe to no per-EV state), nor the counters and plane leaves no
     * rollup figure is made from (ADR 0142: a per-device task holds every port of its devices, and
     * each leaf kept costs a collector two or three longs a port).
     */
    public static boolean reads(TelemetryPath path) {
        return !unread(path);
    }

    private static boolean unread(TelemetryPath path) {
        if (QUEUES.matches(path) || QPS.matches(path)) {
            return true;
        }
        if (PORT_COUNTERS.matches(path)) {
            return !readLeaf(path, PORT_COUNTERS, PORT_COUNTERS_READ);
        }
        return PLANE_STATE.matches(path) && !readLeaf(path, PLANE_STATE, PLANE_LEAVES_READ);
    }

    /** Whether {@code path}, under {@code table}, is one of its leaves in {@code read} (or the table itself). */
    private static boolean readLeaf(TelemetryPath path, PathPattern table, Set<String> read) {
        return path.size() <= table.path().size()
                || read.contains(path.elem(table.path().size()).name());
    }

    /** The store's last publication (tests). */
    FabricSnapshot latest() {
        return store.latest();
    }

    /** Devices seen so far. */
    public int devices() {
        return store.latest().switches().size() + store.latest().hosts().size();
    }

    /** Links handed out and not gone since: the links this task's devices see. */
    public int linksHandedOut() {
        return sentLinks.size();
    }

    /**
     * The partial sums and links that changed since the last call, and the links gone since: from the
     * links the store's publication changed, not a walk of every link it holds (ADR 0123).
     */
    public List<PlaneInput> changes() {
        FabricSnapshot snapshot = store.publish(FabricSnapshot.IngestStats.NONE);
        List<PlaneInput> changed = new ArrayList<>();
        for (PlanePartial partial : planePartials(task, snapshot)) {
            if (!partial.equals(sentPlanes.put(partial.plane(), partial))) {
                changed.add(PlaneInput.of(partial));
            }
        }
        for (FabricSnapshot.LinkState link : store.linksChanged()) {
            FabricSnapshot.LinkState sent = sentLinks.put(link.id(), link);
            if (sent == null || !sameView(sent, link)) {
                changed.add(PlaneInput.of(linkPartial(task, link)));
            }
        }
        for (FabricSnapshot.LinkState link : store.linksGone()) {
            FabricSnapshot.LinkState gone = sentLinks.remove(link.id());
            if (gone != null) {
                changed.add(PlaneInput.gone(task, gone.id(), gone.plane()));
            }
        }
        return changed;
    }

    /**
     * The partial sums of every plane as last handed out by {@link #changes}: sent again now and then
     * so that the by-plane stage knows this task is still heard from (ADR 0151).
     */
    public List<PlaneInput> planesAsSent() {
        List<PlaneInput> sent = new ArrayList<>(sentPlanes.size());
        for (PlanePartial partial : sentPlanes.values()) {
            sent.add(PlaneInput.of(partial));
        }
        return sent;
    }

    /**
     * The roles this task's own devices tell that it has not handed out yet (as of the last {@link
     * #changes}): its hosts, the T0 each host's plane port faces, and its switches that known T0s face
     * (T1s, ADR 0139). Never taken back: a device that
     * goes keeps its role, as a host that reboots is still a host.
     */
    public List<FleetRole> roles() {
        FleetRoles.Local local = store.localRoles();
        List<FleetRole> fresh = new ArrayList<>();
        for (String host : local.hosts()) {
            offer(FleetRole.host(host), fresh);
        }
        local.t0Planes().forEach((t0, plane) -> offer(FleetRole.t0(t0, plane), fresh));
        local.t1Planes().forEach((t1, plane) -> offer(FleetRole.t1(t1, plane), fresh));
        return fresh;
    }

    private void offer(FleetRole role, List<FleetRole> fresh) {
        if (!role.value().equals(sentRoles.put(role.device(), role.value()))) {
            fresh.add(role);
        }
    }

    /** Task {@code task}'s partial sum of every plane of {@code snapshot}. */
    static List<PlanePartial> planePartials(String task, FabricSnapshot snapshot) {
        List<PlanePartial> partials = new ArrayList<>();
        for (FabricSnapshot.PlaneSummary plane : snapshot.planes()) {
            partials.add(new PlanePartial(
                    task,
                    plane.plane(),
                    plane.hosts(),
                    plane.switches(),
                    plane.evsGood(),
                    plane.evsOutOfService(),
                    RollupJson.known(plane.goodputBps()),
                    RollupJson.known(plane.lastHopTrimRate()),
                    RollupJson.known(plane.fabricTrimRate())));
        }
        return partials;
    }

    /** Task {@code task}'s view of every link of {@code snapshot}. */
    static List<LinkPartial> linkPartials(String task, FabricSnapshot snapshot) {
        List<LinkPartial> partials = new ArrayList<>();
        for (FabricSnapshot.LinkState link : snapshot.links()) {
            partials.add(linkPartial(task, link));
        }
        return partials;
    }

    /** Task {@code task}'s view of {@code link}. */
    private static LinkPartial linkPartial(String task, FabricSnapshot.LinkState link) {
        return new LinkPartial(
                task,
                link.id(),
                link.plane(),
                link.kind().name(),
                link.up(),
                finite(link.bitsPerSecond()),
                finite(link.trimRate()),
                finite(link.errorRate()),
                finite(link.capacityBps()));
    }

    /**
     * Whether two states of one link make the same view ({@link #linkPartial}): the figures it hands out
     * equal, as the view's record compares them (NaN equal to NaN), other changes (ECN, drops, loss,
     * freshness) being none of the rollups' business.
     */
    static boolean sameView(FabricSnapshot.LinkState a, FabricSnapshot.LinkState b) {
        return a.plane() == b.plane()
                && a.kind() == b.kind()
                && a.up() == b.up()
                && Double.compare(finite(a.bitsPerSecond()), finite(b.bitsPerSecond())) == 0
                && Double.compare(finite(a.trimRate()), finite(b.trimRate())) == 0
                && Double.compare(finite(a.errorRate()), finite(b.errorRate())) == 0
                && Double.compare(finite(a.capacityBps()), finite(b.capacityBps())) == 0;
    }

    /** {@code value}, or NaN (not known) when it is not a finite number, as the rollups' JSON writes null. */
    private static double finite(double value) {
        return Double.isFinite(value) ? value : Double.NaN;
    }
}
