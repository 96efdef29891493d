package org.planewatch.console.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;
import org.planewatch.console.state.localize.Localizer;
import org.planewatch.console.state.localize.LocalizerSettings;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.PathColumns;
import org.planewatch.console.telemetry.RecordedDecision;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.telemetry.UpdateColumns;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The in-memory fabric, built from telemetry alone: devices, their ports, queues, planes, QPs and
 * EVs, and the exclusion log. Mutable and confined to the state owner thread; {@link
 * #summarize} derives the immutable parts of a snapshot.
 */
final class FabricModel {
    /** Link rate for utilization when neither end reports its {@code port-speed}. */
    static final double LINK_BPS = 100e9;

    final Map<String, DeviceState> devices = new HashMap<>();
    /** Every path's row and columns, read once for the whole fabric (ADR 0108). */
    private final LeafRoutes routes = new LeafRoutes();

    /** Told of every counter that stood still or moved again, on the owner's thread; null: nobody asked. */
    private CounterTurns counterTurns;
    /** The devices in natural name order, rebuilt when one appears. */
    private List<DeviceState> ordered = List.of();

    final ExclusionLog exclusions;
    /** Names classified by pattern ({@link DeviceName#parse}), the fallback when LLDP does not place a device. */
    private final Map<String, DeviceName> names = new HashMap<>();

    private final PortPeers peers = new PortPeers();
    /** Every link seen, by id, with the loss of both directions (links are never forgotten, as before). */
    private final Map<String, LinkBuilder> linkBuilders = new HashMap<>();
    /** The links of the last publication, in natural order of their ids. */
    private List<LinkBuilder> linkOrder = List.of();

    /** What LLDP and the hosts' plane ports tell of the topology (ADR 0094). */
    private FabricTopology.Learnt learnt = FabricTopology.Learnt.NOTHING;

    private int deviceCountAtLearn = -1;
    /** Counts changes of LLDP neighbors; the topology is learnt again when it moved. */
    private long neighborChanges;

    private long neighborChangesAtLearn;
    private long signatureAtLearn;
    /** Devices known at the publication before: more now means devices are still arriving. */
    private int deviceCountAtPreviousSummary = -1;
    /** How many times the topology was learnt (tests: learning follows arrivals, not every publication). */
    int topologyLearns;
    /**
     * Summaries since the topology was last learnt, each counted as at least one and as one per
     * {@link #LEARNING_PERIOD_MILLIS} of the clock since the summary before.
     */
    private long summariesSinceLearn;
    /** The clock's time at the summary before, or none yet. */
    private long previousSummaryMillis = Long.MIN_VALUE;

    /**
     * The publication period the learning budget was set for (ADR 0126: a rollup task's hand-out a
     * second). A publication later than that counts as the periods it stood for, so that publications
     * paced by their own cost (a rollup task's hand-outs, ADR 0122) do not stretch the wait between
     * learnings by their pacing too: at full scale the two multiplied put up to twenty minutes between a
     * task's learnings, and the links of the switches that arrived in between came that late (ADR 0148).
     */
    static final long LEARNING_PERIOD_MILLIS = 1_000;
    /** While devices arrive, the topology is learnt at least every this many summaries. */
    static final int LEARN_AT_LEAST_EVERY = 5;

    /**
     * A learning walks every device, LLDP port and link again (and the publication after it wires every
     * link again); learnings are paced so that this much of that work, counted in those items, falls on a
     * publication (ADR 0126): one at every publication for fabrics below it, one every 22nd for a rollup
     * task of the full fabric (11,400 devices, 350,000 LLDP ports, 175,000 links).
     */
    static final int LEARNING_WORK_PER_PUBLICATION = 25_000;

    private int learningWorkPerPublication = LEARNING_WORK_PER_PUBLICATION;

    /**
     * Publications that must go by after a learning before the next: the work a learning would be now
     * (the devices held now, the LLDP ports and links as last learnt) over the budget above. Counted
     * at the check, not at the last learning: while devices arrive the last learning saw a fraction of
     * them, and a spacing from its work let the next learnings come too soon.
     */
    private long learningSpacing(int devicesNow) {
        long work = (long) devicesNow + learnt.adjacency().size() + linkBuilders.size();
        return Math.max(1, (work + learningWorkPerPublication - 1) / learningWorkPerPublication);
    }

    long appliedUpdates;

    /** Suspect links and switches, fed by the exclusion log with every decision it takes (ADR 0095). */
    final Localizer localizer = new Localizer(LocalizerSettings.defaults(), new NamedFabricElements(this::classify));

    /** Whether this model's reader may join devices' streams after their initial state (a drill-down's). */
    private final boolean joinsLate;

    /** What the rest of a fleet knows of devices this model does not hold (ADR 0116). */
    private final FleetRoles fleet;

    private long fleetVersionAtLearn;

    FabricModel(int eventCapacity, boolean joinsLate) {
        this(eventCapacity, joinsLate, FleetRoles.NONE);
    }

    FabricModel(int eventCapacity, boolean joinsLate, FleetRoles fleet) {
        this.exclusions = new ExclusionLog(eventCapacity, localizer);
        this.joinsLate = joinsLate;
        this.fleet = fleet;
    }

    /** Paces learnings by {@code work} items per publication instead of the default (tests, at small sizes). */
    void paceLearning(int work) {
        learningWorkPerPublication = work;
    }

    /** The roles learnt from this model's own devices at the last learning (for the rest of a fleet). */
    FleetRoles.Local localRoles() {
        return learnt.local();
    }

    /** From now on tells {@code turns} of the counters that stand still or move again (ADR 0147). */
    void watchCounterTurns(CounterTurns turns) {
        this.counterTurns = turns;
    }

    void apply(IngestEvent.Notification notification) {
        DeviceState device = device(notification.target());
        heard(device, notification.source());
        device.lastSeenMillis = notification.arrivalMillis();
        long ts = device.sampleClock.sampleTimeNs(notification);
        boolean touched;
        if (notification.updates() instanceof UpdateColumns columns) {
            touched = applyColumns(device, columns, ts);
        } else {
            touched = applyUpdates(device, notification.updates(), ts);
        }
        List<TelemetryPath> deletes = notification.deletes();
        for (int i = 0; i < deletes.size(); i++) {
            if (deletes instanceof PathColumns columns
                    && columns.isKeyed(i)
                    && isRingEntry(columns.pathOrTemplate(i))) {
                continue; // an agent evicting a decision from its ring: not a retraction (applyDelete ignores it too)
            }
            touched |= applyDelete(device, deletes.get(i));
        }
        if (touched) {
            touch(device);
        }
        appliedUpdates += notification.updates().size() + notification.deletes().size();
        exclusions.complete(notification.arrivalMillis());
    }

    /**
     * The row the last table leaf of the notification being applied went to, and its key: the leaves
     * of a row come together, so a device's row is looked up once per row, not once per leaf.
     */
    private LeafTable currentTable;

    private LeafRoute.Row currentRow;

    private boolean applyUpdates(DeviceState device, List<TelemetryUpdate> updates, long ts) {
        boolean touched = false;
        LeafRoute previous = null;
        currentRow = null;
        for (int i = 0; i < updates.size(); i++) {
            TelemetryUpdate update = updates.get(i);
            LeafRoute route = routes.route(previous, update.path());
            if (route.isTableLeaf()) {
                turned(
                        route.put(table(device, route), update.value(), ts, sampleBefore(device, route, ts)),
                        update.path(),
                        update.value());
                touched = true;
            } else {
                other(device, route, update.path(), update.value(), ts);
            }
            previous = route;
        }
        currentTable = null;
        return touched;
    }

    /** For a rated counter of {@code device} sampled at {@code ts}: the device's counter sample before (ADR 0149). */
    private static long sampleBefore(DeviceState device, LeafRoute route, long ts) {
        return route.ratedCounter ? device.counterSampled(ts) : LeafTable.NO_SAMPLE;
    }

    /** Tells {@link #counterTurns}, if any, that the counter at {@code path} turned ({@link LeafTable#putInteger}). */
    private void turned(int turn, TelemetryPath path, TelemetryValue value) {
        if (turn != LeafTable.NO_TURN) { // only a number turns
            turned(turn, path, value instanceof TelemetryValue.Uint(long n) ? n : ((TelemetryValue.Int) value).value());
        }
    }

    private void turned(int turn, TelemetryPath path, long number) {
        // A counter that moved again is told at the sample after: until then a reader that joins
        // needs the value it stood still at, to rate the move from the sample before (ADR 0149).
        if (counterTurns != null && (turn == LeafTable.STOOD_STILL || turn == LeafTable.MOVED_ON)) {
            counterTurns.turned(path, number, turn == LeafTable.STOOD_STILL);
        }
    }

    private LeafTable table(DeviceState device, LeafRoute route) {
        if (route.row != currentRow) {
            if (route.row.kind() == LeafRoute.Kind.EV) {
                evsNowFrom(device);
            }
            currentTable = device.table(route);
            currentRow = route.row;
        }
        return currentTable;
    }

    /** A leaf that is no table's: an LLDP neighbor's, an event ring's, or one the console does not show. */
    private void other(DeviceState device, LeafRoute route, TelemetryPath path, TelemetryValue value, long ts) {
        switch (route.other) {
            case NEIGHBOR -> {
                String port = LeafRoutes.neighborPort(path);
                if (port != null) {
                    neighbor(device, port.intern(), path.last().name(), value);
                }
            }
            case EVENT -> {
                Long seq = LeafRoutes.longKey(path, 1, PathNames.SEQ);
                String leaf = path.last().name();
                if (seq != null) {
                    exclusions.leaf(device.source, device.name.name(), seq, leaf, value, ts);
                } else {
                    exclusions.ringLeaf(device.source, device.name.name(), leaf, value);
                }
            }
            default -> {
                // not shown
            }
        }
    }

    /**
     * Drops the per-EV leaves of {@code source}'s devices. They stream only under an explicit
     * subscription (the host the operator looks at); once it ended they would stay as they were,
     * stale, and a later look at the host would show an old grid until the new one arrived.
     */
    void forgetEvs(String source) {
        evDevices.remove(source);
        for (DeviceState device : devices.values()) {
            if (device.source.equals(source) && !device.evs.isEmpty()) {
                device.evs.clear();
                touch(device);
            }
        }
    }

    /**
     * Per source, the device its per-EV leaves last came from. A source streams them for one device
     * at a time: the host the operator looks at, under an explicit subscription that the console
     * moves from host to host without restarting the source's other streams. The grid of the host
     * looked at before is dropped when another's arrives, as {@link #forgetEvs} drops every grid when
     * the source's streams end; it would otherwise stay, stale, for a later look at that host.
     */
    private final Map<String, DeviceState> evDevices = new HashMap<>();

    private void evsNowFrom(DeviceState device) {
        DeviceState before = evDevices.put(device.source, device);
        if (before != null && before != device && !before.evs.isEmpty()) {
            before.evs.clear();
            touch(before);
        }
    }

    private DeviceState device(String target) {
        DeviceState device = devices.get(target);
        if (device == null) {
            device = new DeviceState(classify(target), joinsLate);
            devices.put(target, device);
            devicesPerSource.merge(device.source, 1, Integer::sum);
            arrivals.add(device);
        }
        return device;
    }

    /** What a device is: as LLDP places it, else as its name's pattern says (ADR 0094). */
    DeviceName classify(String name) {
        DeviceName known = learnt.names().get(name);
        return known != null ? known : names.computeIfAbsent(name, DeviceName::parse);
    }

    /** An LLDP neighbor leaf: the far end's name and port are what the topology is learnt from. */
    private void neighbor(DeviceState device, String port, String leaf, TelemetryValue value) {
        boolean system = LldpLeaves.SYSTEM_NAME.equals(leaf);
        if (!system && !LldpLeaves.PORT_ID.equals(leaf)) {
            return;
        }
        DeviceState.Neighbor neighbor = device.neighbors.computeIfAbsent(port, p -> new DeviceState.Neighbor());
        String text = value.text();
        if (system ? !text.equals(neighbor.system) : !text.equals(neighbor.port)) {
            // Shared with the port names: one string per name, not one per neighbor leaf decoded.
            if (system) {
                neighbor.system = routes.ports.pooled(text);
            } else {
                neighbor.port = routes.ports.pooled(text);
            }
            neighborChanges++;
        }
    }

    /** A recorded decision, as the notification that reported it would have been applied. */
    void applyDecision(RecordedDecision decision) {
        DeviceState device = device(decision.target());
        heard(device, decision.source());
        device.lastSeenMillis = decision.arrivalMillis();
        appliedUpdates += decision.leafCount();
        exclusions.recorded(decision);
    }

    /** Decoded replay updates: event-ring leaves go to the exclusion log by template and number, without a path each. */
    private boolean applyColumns(DeviceState device, UpdateColumns columns, long ts) {
        boolean touched = false;
        LeafRoute previous = null;
        currentRow = null;
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.isKeyed(i)) {
                TelemetryPath path = columns.pathOrTemplate(i);
                LeafRoute route = routes.route(previous, path);
                if (!route.isTableLeaf()) {
                    other(device, route, path, columns.value(i), ts);
                } else if (columns.isInteger(i)) {
                    long number = columns.number(i);
                    // no value object (ADR 0078)
                    turned(
                            route.putInteger(table(device, route), number, ts, sampleBefore(device, route, ts)),
                            path,
                            number);
                    touched = true;
                } else {
                    turned(
                            route.put(table(device, route), columns.value(i), ts, sampleBefore(device, route, ts)),
                            path,
                            columns.value(i));
                    touched = true;
                }
                previous = route;
            } else if (isRingTemplate(columns.pathOrTemplate(i))) {
                exclusions.leaf(
                        device.source,
                        device.name.name(),
                        columns.key(i),
                        columns.pathOrTemplate(i).last().name(),
                        columns.value(i),
                        ts);
            } else {
                TelemetryPath path = columns.path(i);
                LeafRoute route = routes.route(null, path);
                if (route.isTableLeaf()) {
                    turned(
                            route.put(table(device, route), columns.value(i), ts, sampleBefore(device, route, ts)),
                            path,
                            columns.value(i));
                    touched = true;
                } else {
                    other(device, route, path, columns.value(i), ts);
                }
            }
        }
        currentTable = null;
        return touched;
    }

    private static boolean isRingTemplate(TelemetryPath template) {
        return template.size() > 2 && isRingEntry(template);
    }

    /** A path at or below an event-ring entry ({@code events/event[...]}). */
    private static boolean isRingEntry(TelemetryPath path) {
        return ExclusionEventRing.isInEntry(path);
    }

    private boolean applyDelete(DeviceState device, TelemetryPath path) {
        switch (LeafRoutes.name(path, 0)) {
            case PathNames.LLDP -> {
                // A neighbor gone (lldpd aged it out): the port's far end is unknown again.
                String port = LeafRoutes.neighborPort(path);
                boolean removed = port == null
                        ? !device.neighbors.isEmpty() && clear(device.neighbors)
                        : device.neighbors.remove(port) != null;
                if (removed) {
                    neighborChanges++;
                }
                return false;
            }
            case PathNames.INTERFACES -> {
                String port = LeafRoutes.key(path, 1, PathNames.NAME);
                return port != null && device.removePort(port);
            }
            case PathNames.QPS -> {
                Long qpn = LeafRoutes.longKey(path, 1, PathNames.QPN);
                if (qpn == null) {
                    return false;
                }
                if (PathNames.EVS.equals(LeafRoutes.name(path, 2))) {
                    Long ev = LeafRoutes.intKey(path, 3, PathNames.ID);
                    Map<Integer, LeafTable> table = device.evs.get(qpn);
                    return table != null
                            && (ev == null ? device.evs.remove(qpn) != null : table.remove(ev.intValue()) != null);
                }
                device.evs.remove(qpn);
                return device.qps.remove(qpn) != null;
            }
            default -> {
                // Event ring evictions are not retractions: the console keeps its own history.
                return false;
            }
        }
    }

    private static boolean clear(Map<String, DeviceState.Neighbor> neighbors) {
        neighbors.clear();
        return true;
    }

    /**
     * The parts of a snapshot derived from devices, given each device's freshness, and the links whose
     * state changed at this summary (new or another state object, in natural order of their ids) and
     * those gone at it.
     */
    record Summary(
            List<PlaneSummary> planes,
            List<LinkState> links,
            List<SwitchSummary> switches,
            List<HostSummary> hosts,
            List<LinkState> linksChanged,
            List<LinkState> linksGone) {}

    /**
     * Derives the snapshot's parts. Only what changed since the summary before is derived again: a
     * device's summary while it was not touched and its freshness is the same (as before), a switch's
     * wiring and share of its plane's sums while its summary is the same object, and a link only when a
     * switch at either end or the host at its far end changed (ADR 0123). What is still walked whole is
     * cheap: each device's freshness and cached summary, and the plane sums added up from cached shares
     * in the same order as ever (so they are the same to the last bit).
     */
    Summary summarize(Function<DeviceState, Freshness> freshnessOf, long nowMillis) {
        signTouched();
        if (learningDue(nowMillis)) {
            learnTopology();
            topologyLearns++;
            summariesSinceLearn = 0;
            deviceCountAtLearn = devices.size();
            neighborChangesAtLearn = neighborChanges;
            List<DeviceState> sorted = new ArrayList<>(devices.values());
            sorted.sort((a, b) -> NaturalOrder.INSTANCE.compare(a.name.name(), b.name.name()));
            ordered = List.copyOf(sorted);
            arrivals.clear();
            unwireAll();
        }
        List<SwitchSummary> switches = new ArrayList<>();
        List<HostSummary> hosts = new ArrayList<>();
        PlaneAccumulators planes = new PlaneAccumulators();
        for (int position = 0; position < ordered.size(); position++) {
            DeviceState device = ordered.get(position);
            Freshness freshness = freshnessOf.apply(device);
            if (device.name.isSwitch()) {
                SwitchSummary sw = device.switchSummary(freshness, peers);
                switches.add(sw);
                planes.add(sw, wiring(sw, position));
            } else if (device.name.isHost() || !device.planes.isEmpty()) {
                HostSummary host = device.hostSummary(freshness);
                hosts.add(host);
                planes.add(host);
            }
            hostEndSeen(device, freshness);
        }
        for (DeviceState device : arrivals) {
            hostEndSeen(device, freshnessOf.apply(device)); // not summarized until learnt, but a link's far end
        }
        List<LinkBuilder> changed = new ArrayList<>();
        List<LinkState> gone = new ArrayList<>();
        List<LinkState> links = links(freshnessOf, changed, gone);
        if (!inLoss.isEmpty()) {
            switches.replaceAll(sw -> withInLoss(sw, inLoss.get(sw.name())));
        }
        changed.sort(BY_ID);
        List<LinkState> changedStates = new ArrayList<>(changed.size());
        changed.forEach(builder -> changedStates.add(builder.published));
        return new Summary(
                planes.build(linkCounts, coreSpreads ? this::spreadOf : plane -> LoadSpread.NONE),
                links,
                List.copyOf(switches),
                List.copyOf(hosts),
                List.copyOf(changedStates),
                List.copyOf(gone));
    }

    /** Devices heard of since the topology was last learnt: not in {@link #ordered} yet. */
    private final List<DeviceState> arrivals = new ArrayList<>();

    /** Devices touched since the summary before, for the topology's signature. */
    private final List<DeviceState> touched = new ArrayList<>();

    /** The sum of the devices' terms of {@link FabricTopology#signature}, kept as devices are touched. */
    private long signature;

    /** Whether the planes' core spreads are worked out (a rollup task's store leaves them out). */
    private boolean coreSpreads = true;

    /** Every plane's core spread is {@link LoadSpread#NONE}: nobody reads them, and they sort every T0-T1 link. */
    void leaveCoreSpreadsOut() {
        coreSpreads = false;
    }

    /** Marks {@code device} changed: its summary is made again, and its share of the topology's signature. */
    private void touch(DeviceState device) {
        device.touch();
        if (!device.touchedSinceSummary) {
            device.touchedSinceSummary = true;
            touched.add(device);
        }
    }

    /** Updates the topology's signature with the terms of the devices touched since the summary before. */
    private void signTouched() {
        for (DeviceState device : touched) {
            long term = FabricTopology.signature(device);
            signature += term - device.signatureTerm;
            device.signatureTerm = term;
            device.touchedSinceSummary = false;
        }
        touched.clear();
    }

    /** How many devices each source's data came from (the targets' rows), kept as devices are heard. */
    final Map<String, Integer> devicesPerSource = new HashMap<>();

    /** {@code device} was heard from {@code source}. */
    private void heard(DeviceState device, String source) {
        if (!source.equals(device.source)) {
            devicesPerSource.merge(device.source, -1, Integer::sum);
            devicesPerSource.merge(source, 1, Integer::sum);
            device.source = source;
        }
    }

    /**
     * Whether the topology must be learnt again: devices came or went, or LLDP or the hosts' plane
     * ports moved. While devices are still arriving (more than at the publication before) it is learnt
     * again only once they grew by a quarter since the last time or {@value #LEARN_AT_LEAST_EVERY}
     * publications went by, then as soon as a publication finds no new device: learning every publication while 9,728 devices arrived (each learning a walk of
     * every device and link) took a third of the state owner's time. Devices that arrived since are
     * shown from the next learning. In any case a learning waits until its cost is spread over enough
     * publications ({@link #LEARNING_WORK_PER_PUBLICATION}): the LLDP neighbors of a full fabric's
     * switches come in pieces for minutes, and learning at each publication was a collector's bound.
     */
    private boolean learningDue(long nowMillis) {
        int count = devices.size();
        boolean arriving = count > deviceCountAtPreviousSummary;
        deviceCountAtPreviousSummary = count;
        summariesSinceLearn += periodsSincePreviousSummary(nowMillis);
        if (summariesSinceLearn < learningSpacing(count)) {
            return false;
        }
        if (arriving
                && deviceCountAtLearn > 0
                && count < deviceCountAtLearn + Math.max(1, deviceCountAtLearn / 4)
                && summariesSinceLearn < LEARN_AT_LEAST_EVERY) {
            return false;
        }
        // The hosts' plane ports matter only with LLDP.
        long signature = neighborChanges == 0 ? 0 : this.signature;
        long fleetVersion = fleet.version();
        boolean changed = count != deviceCountAtLearn
                || neighborChanges != neighborChangesAtLearn
                || signature != signatureAtLearn
                || fleetVersion != fleetVersionAtLearn;
        signatureAtLearn = signature;
        fleetVersionAtLearn = fleetVersion;
        return changed;
    }

    /** How many publications the one at {@code nowMillis} counts as: one, or the periods since the one before. */
    private long periodsSincePreviousSummary(long nowMillis) {
        long previous = previousSummaryMillis;
        previousSummaryMillis = nowMillis;
        if (previous == Long.MIN_VALUE || nowMillis - previous < 2 * LEARNING_PERIOD_MILLIS) {
            return 1;
        }
        return (nowMillis - previous) / LEARNING_PERIOD_MILLIS;
    }

    /** Learns which device is what from LLDP and the plane ports, falling back on names (ADR 0094). */
    private void learnTopology() {
        learnt = FabricTopology.learn(devices.values(), fleet);
        for (DeviceState device : devices.values()) {
            device.rename(classify(device.name.name()));
        }
        peers.learn(devices.values(), learnt.adjacency(), this::classify);
    }

    /** A switch whose ports lost packets on their way in, with the loss on those ports (other switches stay as cached). */
    private static SwitchSummary withInLoss(SwitchSummary sw, Map<String, Double> lossByPort) {
        if (lossByPort == null) {
            return sw;
        }
        List<PortSummary> ports = new ArrayList<>(sw.ports().size());
        for (PortSummary port : sw.ports()) {
            Double loss = lossByPort.get(port.name());
            ports.add(loss == null ? port : port.withInLossRate(loss));
        }
        return new SwitchSummary(sw.name(), sw.plane(), sw.tier(), sw.index(), sw.freshness(), List.copyOf(ports));
    }

    /** Per switch and port, the packets lost per second on their way in, as the links last built them recorded. */
    private final Map<String, Map<String, Double>> inLoss = new HashMap<>();

    private static final Comparator<LinkBuilder> BY_ID = (x, y) -> NaturalOrder.INSTANCE.compare(x.id, y.id);

    /** How many links the last summary added up again (tests: what changed, not every link). */
    int linksAddedUp;

    /** Links one of whose ends changed since the summary before: only they are built again. */
    private final List<LinkBuilder> dirtyLinks = new ArrayList<>();

    /** Per host name, the links whose far end it is (once wired; a link wired again is not listed twice). */
    private final Map<String, List<LinkBuilder>> linksToHost = new HashMap<>();

    /** The states of the links of the last publication, in {@link #linkOrder}'s order. */
    private LinkState[] linkStates = new LinkState[0];

    private List<LinkState> publishedLinks = List.of();

    /** Per plane, its links counted as the states of the last publication tell. */
    private final Map<Integer, LinkCounts> linkCounts = new HashMap<>();

    private static final class LinkCounts {
        int total;
        int down;
        /** Whether a link that counts in the core spread came, went or changed since it was worked out. */
        boolean spreadChanged = true;

        LoadSpread spread = LoadSpread.NONE;
    }

    /**
     * The switch's wiring, made again when its summary is another object or the topology was learnt
     * again: the links of its ports before and after are then built again.
     */
    private SwitchWiring wiring(SwitchSummary sw, int position) {
        SwitchWiring wiring = wirings.get(sw.name());
        if (wiring == null || wiring.summary != sw || wiring.learns != topologyLearns) {
            if (wiring != null) {
                unfeed(wiring);
            }
            wiring = wire(sw, position);
            wirings.put(sw.name(), wiring);
            for (int i = 0; i < wiring.builders.length; i++) {
                LinkBuilder builder = wiring.builders[i];
                if (builder != null) {
                    builder.feed(wiring, i);
                    dirty(builder);
                    if (wiring.peers[i].isHost()) {
                        List<LinkBuilder> toHost =
                                linksToHost.computeIfAbsent(wiring.peers[i].name(), h -> new ArrayList<>(2));
                        if (!toHost.contains(builder)) {
                            toHost.add(builder);
                        }
                    }
                }
            }
        }
        return wiring;
    }

    private void unfeed(SwitchWiring wiring) {
        for (int i = 0; i < wiring.builders.length; i++) {
            if (wiring.builders[i] != null) {
                wiring.builders[i].unfeed(wiring, i);
                dirty(wiring.builders[i]);
            }
        }
    }

    /** The topology was learnt again: every switch is wired again (one may be no switch any more). */
    private void unwireAll() {
        wirings.values().forEach(this::unfeed);
        wirings.clear();
    }

    private void dirty(LinkBuilder builder) {
        if (!builder.dirty) {
            builder.dirty = true;
            dirtyLinks.add(builder);
        }
    }

    /** The links whose far end is {@code device} are built again when it changed or its freshness did. */
    private void hostEndSeen(DeviceState device, Freshness freshness) {
        if (device.changes != device.changesAtLinks || freshness != device.freshnessAtLinks) {
            device.changesAtLinks = device.changes;
            device.freshnessAtLinks = freshness;
            List<LinkBuilder> toHost = linksToHost.get(device.name.name());
            if (toHost != null) {
                toHost.forEach(this::dirty);
            }
        }
    }

    /**
     * The links seen from their switch ports, with the host end of host links added from the host's
     * own interface counters; only the links one of whose ends changed are built again, in the same
     * way as ever (a link's state is the one of the publication before when its ends are the same
     * objects: ADR 0120). {@code changed} gets the links with another state than at the publication
     * before, {@code gone} the states of links no port leads to any more.
     */
    private List<LinkState> links(
            Function<DeviceState, Freshness> freshnessOf, List<LinkBuilder> changed, List<LinkState> gone) {
        boolean setChanged = false;
        List<LinkBuilder> added = new ArrayList<>();
        linksAddedUp = dirtyLinks.size();
        for (LinkBuilder builder : dirtyLinks) {
            builder.dirty = false;
            LinkState before = builder.published;
            if (!builder.accumulate(devices, freshnessOf)) {
                if (before != null) {
                    builder.forgetLoss(inLoss);
                    count(before, -1);
                    builder.published = null;
                    gone.add(before);
                    setChanged = true;
                }
                continue;
            }
            LinkState state = builder.state(inLoss, topologyLearns);
            if (state != before) {
                if (before != null) {
                    count(before, -1);
                } else {
                    added.add(builder);
                    setChanged = true;
                }
                count(state, 1);
                builder.published = state;
                changed.add(builder);
            }
        }
        dirtyLinks.clear();
        if (setChanged) {
            // Only the new links are sorted, then merged in: sorting every link each time some came
            // was a tenth of a task's hand-outs while its devices arrived.
            added.sort(BY_ID);
            List<LinkBuilder> current = new ArrayList<>(linkOrder.size() + added.size());
            int a = 0;
            for (LinkBuilder kept : linkOrder) {
                if (kept.published == null) {
                    continue; // gone
                }
                while (a < added.size() && BY_ID.compare(added.get(a), kept) < 0) {
                    current.add(added.get(a++));
                }
                current.add(kept);
            }
            current.addAll(added.subList(a, added.size()));
            linkOrder = current;
            linkStates = new LinkState[current.size()];
            for (int i = 0; i < linkStates.length; i++) {
                current.get(i).index = i;
                linkStates[i] = current.get(i).published;
            }
        } else {
            changed.forEach(builder -> linkStates[builder.index] = builder.published);
        }
        if (setChanged || !changed.isEmpty()) {
            publishedLinks = Collections.unmodifiableList(Arrays.asList(linkStates.clone()));
        }
        return publishedLinks;
    }

    /** Counts {@code link} in (1) or out (-1) of its plane's links. */
    private void count(LinkState link, int sign) {
        LinkCounts counts = linkCounts.computeIfAbsent(link.plane(), p -> new LinkCounts());
        counts.total += sign;
        if (!link.up()) {
            counts.down += sign;
        }
        if (LoadSpread.counts(link)) {
            counts.spreadChanged = true;
        }
        if (counts.total == 0) {
            linkCounts.remove(link.plane());
        }
    }

    /** The plane's core spread, worked out again from its links when one that counts in it changed. */
    private LoadSpread spreadOf(int plane) {
        LinkCounts counts = linkCounts.get(plane);
        if (counts == null) {
            return LoadSpread.NONE;
        }
        if (counts.spreadChanged) {
            double[] utilizations = new double[linkStates.length];
            int n = 0;
            for (LinkState link : linkStates) {
                if (link.plane() == plane && LoadSpread.counts(link)) {
                    utilizations[n++] = link.utilization();
                }
            }
            counts.spread = LoadSpread.ofFirst(utilizations, n); // the array is this call's own
            counts.spreadChanged = false;
        }
        return counts.spread;
    }

    /** Finds, for each port of {@code sw} that has a peer, its link's builder and the host at its far end. */
    private SwitchWiring wire(SwitchSummary sw, int position) {
        DeviceName self = classify(sw.name());
        List<PortSummary> ports = sw.ports();
        SwitchWiring wiring = new SwitchWiring(sw, topologyLearns, position, self, ports.size());
        double[] lastHop = new double[ports.size()];
        double[] fabric = new double[ports.size()];
        int lastHops = 0;
        int fabrics = 0;
        for (int i = 0; i < ports.size(); i++) {
            PortSummary port = ports.get(i);
            DeviceName peer = port.peer().isEmpty() ? null : classify(port.peer());
            double trims = port.trimRate();
            if (!Double.isNaN(trims)) {
                if (sw.tier() == 0 && peer != null && peer.isHost()) {
                    lastHop[lastHops++] = trims;
                } else {
                    fabric[fabrics++] = trims;
                }
            }
            if (peer == null || (fleet.partOfFleet() && peer.kind() == DeviceName.Kind.OTHER)) {
                continue; // part of a fleet: a far end nothing placed yet is no link until it is (ADR 0139)
            }
            String id = DeviceName.linkId(self, peer);
            LinkBuilder builder = linkBuilders.get(id);
            if (builder == null) {
                builder = new LinkBuilder(id);
                linkBuilders.put(id, builder);
            }
            wiring.builders[i] = builder;
            wiring.peers[i] = peer;
        }
        wiring.lastHopTrims = Arrays.copyOf(lastHop, lastHops);
        wiring.fabricTrims = Arrays.copyOf(fabric, fabrics);
        return wiring;
    }

    /**
     * A switch's ports as links: the builder of each port's link, its peer as classified, and the
     * host at the far end once seen; and its ports' trims, for its plane's sums. Valid while the
     * switch's summary is the same object (its ports and peers unchanged) and the topology was not
     * learnt again (ADR 0120): a publication then neither builds the links of its ports again nor
     * looks at its ports (ADR 0123).
     */
    private static final class SwitchWiring {
        final SwitchSummary summary;
        final int learns;
        /** The switch's place in {@link #ordered}: links add their ends in that order. */
        final int position;

        final DeviceName self;
        final LinkBuilder[] builders;
        final DeviceName[] peers;
        /** The far end's device when it is a host known already (devices are never forgotten). */
        private final DeviceState[] hosts;
        /** The trims of the ports facing hosts of a T0, and of the others, in port order (NaN left out). */
        double[] lastHopTrims;

        double[] fabricTrims;

        SwitchWiring(SwitchSummary summary, int learns, int position, DeviceName self, int ports) {
            this.summary = summary;
            this.learns = learns;
            this.position = position;
            this.self = self;
            this.builders = new LinkBuilder[ports];
            this.peers = new DeviceName[ports];
            this.hosts = new DeviceState[ports];
        }

        /** The host at the far end of port {@code i}, null when the peer is no host or not heard yet. */
        DeviceState host(int i, Map<String, DeviceState> devices) {
            if (hosts[i] == null && peers[i].isHost()) {
                hosts[i] = devices.get(peers[i].name());
            }
            return hosts[i];
        }
    }

    /** Per switch, the wiring of its ports as the last publication found it. */
    private final Map<String, SwitchWiring> wirings = new HashMap<>();

    /** A switch port that leads to a link: port {@code port} of the switch {@code wiring} wires. */
    private record Feed(SwitchWiring wiring, int port) {
        /** Whether this feed comes before port {@code otherPort} of {@code other} in a walk of the switches. */
        boolean before(SwitchWiring other, int otherPort) {
            return wiring.position < other.position || wiring.position == other.position && port < otherPort;
        }
    }

    private static final Feed[] NO_FEEDS = {};

    /**
     * Per end of a link, the switch and port {@link LinkBuilder#lossInto} recorded packets lost on their
     * way into, null when none; the very objects recorded, so that another link that records the same
     * port since is not undone.
     */
    private static final class RecordedLoss {
        final String[] device = new String[2];
        final String[] port = new String[2];
        final Double[] recorded = new Double[2];
    }

    /**
     * Merges both ends of a link; a link is down when either end reports a non-UP status. Kept from
     * one publication to the next with the loss of both directions: a builder and a loss entry made
     * anew per link per publication, found by strings built for it, were most of what publishing took
     * at 9,728 devices (ADR 0108).
     */
    private static final class LinkBuilder {
        final String id;
        /**
         * The switch ports that lead to this link, in the order a walk of the switches would add them:
         * the first {@link #feeds} (one or two; an array, not lists of wirings and boxed ports: a
         * collector's model holds a million and a half links, ADR 0135).
         */
        private Feed[] feedList = NO_FEEDS;

        private int feeds;
        /** Whether an end changed since the link was last built (it is in the model's list to build). */
        boolean dirty;
        /** The state of the last publication, null while no port leads to the link. */
        LinkState published;
        /** Its place in the model's {@code linkStates}. */
        int index;

        int plane;
        String lower;
        String upper;
        LinkKind kind;
        boolean down;
        double bits = Double.NaN;
        double trims = Double.NaN;
        double ecn = Double.NaN;
        double drops = Double.NaN;
        double errors = Double.NaN;
        double speed = Double.NaN;
        Freshness freshness = Freshness.LIVE;
        /** The ends seen so far (at most two) and their devices: fields, not arrays (as the feeds). */
        private String endDevice0;

        private String endDevice1;
        private PortSummary end0;
        private PortSummary end1;
        int endCount;

        /** Loss by the end that sends, the lower end ({@link #lower}) or the upper; made when first told. */
        private LinkLoss sentByLower;

        private LinkLoss sentByUpper;

        LinkBuilder(String id) {
            this.id = id;
        }

        /** Port {@code port} of the switch {@code wiring} wires leads to this link. */
        void feed(SwitchWiring wiring, int port) {
            int at = 0;
            while (at < feeds && feedList[at].before(wiring, port)) {
                at++;
            }
            Feed[] room = feeds < feedList.length ? feedList : new Feed[Math.max(2, 2 * feeds)];
            System.arraycopy(feedList, at, room, at + 1, feeds - at);
            if (room != feedList) {
                System.arraycopy(feedList, 0, room, 0, at);
                feedList = room;
            }
            feedList[at] = new Feed(wiring, port);
            feeds++;
        }

        /** Port {@code port} of the switch {@code wiring} wired no longer leads here (the switch was wired again). */
        void unfeed(SwitchWiring wiring, int port) {
            for (int at = 0; at < feeds; at++) {
                if (feedList[at].wiring() == wiring && feedList[at].port() == port) {
                    System.arraycopy(feedList, at + 1, feedList, at, feeds - at - 1);
                    feedList[--feeds] = null;
                    return;
                }
            }
        }

        /**
         * Adds up the link's ends as a walk of every switch's ports in order would: each switch port,
         * then the host at its far end. False when no port leads to the link any more.
         */
        boolean accumulate(Map<String, DeviceState> devices, Function<DeviceState, Freshness> freshnessOf) {
            if (feeds == 0) {
                return false;
            }
            SwitchWiring first = feedList[0].wiring();
            begin(first.self, first.peers[feedList[0].port()]);
            for (int at = 0; at < feeds; at++) {
                SwitchWiring wiring = feedList[at].wiring();
                int i = feedList[at].port();
                SwitchSummary sw = wiring.summary;
                add(sw.name(), sw.ports().get(i), sw.freshness());
                DeviceState host = wiring.host(i, devices);
                if (host != null) {
                    PortSummary nic = host.hostPort(wiring.self.plane());
                    if (nic != null) {
                        add(wiring.peers[i].name(), nic, freshnessOf.apply(host));
                    }
                }
            }
            return true;
        }

        /** Starts this publication's view of the link, as its first end ({@code a}, the switch) sees it. */
        void begin(DeviceName a, DeviceName b) {
            // The ends' own name strings, not parts of the id: a snapshot holds 100,000 links at 9,728 devices.
            DeviceName first = DeviceName.first(a, b);
            lower = first.name();
            upper = (first == a ? b : a).name();
            plane = a.isSwitch() ? a.plane() : b.plane();
            kind = a.isHost() || b.isHost() ? LinkKind.HOST_T0 : LinkKind.T0_T1;
            down = false;
            bits = Double.NaN;
            trims = Double.NaN;
            ecn = Double.NaN;
            drops = Double.NaN;
            errors = Double.NaN;
            speed = Double.NaN;
            freshness = Freshness.LIVE;
            endCount = 0;
            endDevice0 = null;
            endDevice1 = null;
            end0 = null;
            end1 = null;
        }

        private PortSummary end(int i) {
            return i == 0 ? end0 : end1;
        }

        private String endDevice(int i) {
            return i == 0 ? endDevice0 : endDevice1;
        }

        void add(String device, PortSummary port, Freshness endFreshness) {
            down |= !"UP".equalsIgnoreCase(port.operStatus()) && !"UNKNOWN".equals(port.operStatus());
            bits = max(bits, port.outBps());
            trims = sum(trims, port.trimRate());
            ecn = sum(ecn, port.ecnRate());
            drops = sum(drops, port.dropRate());
            errors = sum(sum(errors, port.inErrorRate()), port.inDiscardRate());
            speed = Double.isNaN(speed)
                    ? port.speedBps()
                    : Double.isNaN(port.speedBps()) ? speed : Math.min(speed, port.speedBps());
            freshness = freshness.worse(endFreshness);
            if (endCount == 0) {
                endDevice0 = device;
                end0 = port;
                endCount = 1;
            } else if (endCount == 1) {
                endDevice1 = device;
                end1 = port;
                endCount = 2;
            }
        }

        /**
         * Works out the loss both ways and records, for a switch end that lost packets on their way in,
         * how many per second; returns the packets lost per second both ways, NaN when unknown.
         */
        double lossInto(Map<String, Map<String, Double>> inLoss) {
            if (endCount < 2) {
                return Double.NaN;
            }
            double both = 0;
            for (int i = 0; i < 2; i++) {
                double lost = sentBy(endDevice(1 - i)).lost(end(1 - i), end(i));
                both += lost;
                if (lost > 0 && !end(i).peer().isEmpty()) {
                    Double recorded = lost;
                    inLoss.computeIfAbsent(endDevice(i), d -> new HashMap<>()).put(end(i).name(), recorded);
                    if (recordedLoss == null) {
                        recordedLoss = new RecordedLoss();
                    }
                    recordedLoss.device[i] = endDevice(i);
                    recordedLoss.port[i] = end(i).name();
                    recordedLoss.recorded[i] = recorded;
                }
            }
            return both;
        }

        private LinkLoss sentBy(String device) {
            if (device.equals(lower)) {
                if (sentByLower == null) {
                    sentByLower = new LinkLoss();
                }
                return sentByLower;
            }
            if (sentByUpper == null) {
                sentByUpper = new LinkLoss();
            }
            return sentByUpper;
        }

        /** The state built last, and what it was built from: the same ends (objects) give the same state. */
        private LinkState built;

        private PortSummary builtEnd0;
        private PortSummary builtEnd1;
        private Freshness builtFreshness;
        private int builtLearns = -1;
        /** What {@link #lossInto} recorded when this link was last built; null when nothing (most links). */
        private RecordedLoss recordedLoss;

        /** Takes back what {@link #lossInto} recorded in {@code inLoss} when this link was last built. */
        void forgetLoss(Map<String, Map<String, Double>> inLoss) {
            if (recordedLoss == null) {
                return;
            }
            for (int i = 0; i < 2; i++) {
                String device = recordedLoss.device[i];
                if (device != null) {
                    Map<String, Double> ports = inLoss.get(device);
                    if (ports != null && ports.get(recordedLoss.port[i]) == recordedLoss.recorded[i]) {
                        ports.remove(recordedLoss.port[i]);
                        if (ports.isEmpty()) {
                            inLoss.remove(device);
                        }
                    }
                }
            }
            recordedLoss = null;
        }

        /**
         * This publication's state of the link, {@link #lossInto} recorded in {@code inLoss} (what it
         * recorded when built before taken back): the one built at the publication before when both
         * ends are the same summaries (nothing either end reported changed them), the freshness is the
         * same and the topology was not learnt again (ADR 0120). Loss is a function of the ends'
         * samples, so it is the same too, and so is what was recorded.
         */
        LinkState state(Map<String, Map<String, Double>> inLoss, int learns) {
            if (built != null
                    && learns == builtLearns
                    && freshness == builtFreshness
                    && end0 == builtEnd0
                    && end1 == builtEnd1) {
                return built;
            }
            forgetLoss(inLoss);
            built = build(lossInto(inLoss));
            builtEnd0 = end0;
            builtEnd1 = end1;
            builtFreshness = freshness;
            builtLearns = learns;
            return built;
        }

        LinkState build(double lossRate) {
            double capacity = Double.isNaN(speed) || speed <= 0 ? LINK_BPS : speed;
            return new LinkState(
                    id,
                    plane,
                    lower,
                    upper,
                    kind,
                    !down,
                    bits,
                    Double.isNaN(bits) ? Double.NaN : bits / capacity,
                    trims,
                    ecn,
                    drops,
                    freshness,
                    errors,
                    lossRate,
                    capacity);
        }

        private static double sum(double a, double b) {
            return Double.isNaN(b) ? a : FabricSnapshot.nanToZero(a) + b;
        }

        private static double max(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
        }
    }

    /**
     * The planes' sums of one summary, added up device by device in {@link #ordered}'s order from each
     * switch's cached trims and each host's summary, as a walk of every port added them (ADR 0123); the
     * link counts and core spreads come from the links' states as kept.
     */
    private static final class PlaneAccumulators {
        private final Map<Integer, PlaneAccumulator> planes = new TreeMap<>();
        /** Planes 0 to 63 without a map lookup: a host adds to each of its planes. */
        private final PlaneAccumulator[] small = new PlaneAccumulator[64];

        private PlaneAccumulator plane(int plane) {
            if (plane >= 0 && plane < small.length) {
                PlaneAccumulator known = small[plane];
                if (known == null) {
                    known = planes.computeIfAbsent(plane, PlaneAccumulator::new);
                    small[plane] = known;
                }
                return known;
            }
            return planes.computeIfAbsent(plane, PlaneAccumulator::new);
        }

        void add(SwitchSummary sw, SwitchWiring wiring) {
            PlaneAccumulator plane = plane(sw.plane());
            plane.switches++;
            plane.freshness = plane.freshness.worse(sw.freshness());
            for (double trims : wiring.lastHopTrims) {
                plane.lastHopTrims += trims;
            }
            for (double trims : wiring.fabricTrims) {
                plane.fabricTrims += trims;
            }
            plane.hasTrims |= wiring.lastHopTrims.length + wiring.fabricTrims.length > 0;
        }

        void add(HostSummary host) {
            for (FabricSnapshot.HostPlanePort port : host.planes()) {
                PlaneAccumulator plane = plane(port.plane());
                plane.hosts++;
                plane.freshness = plane.freshness.worse(host.freshness());
                plane.evsGood += port.evsGood();
                // UNKNOWN EVs are retired without a verdict: out of service as much as ASSUMED_BAD ones.
                plane.evsOut += port.evsAssumedBad() + port.evsDenied() + port.evsUnknown();
                if (!Double.isNaN(port.rxBps())) {
                    plane.goodput += port.rxBps();
                    plane.hasGoodput = true;
                }
            }
        }

        List<PlaneSummary> build(Map<Integer, LinkCounts> links, IntFunction<LoadSpread> spreadOf) {
            links.forEach((number, counts) -> {
                PlaneAccumulator plane = plane(number);
                plane.linksTotal = counts.total;
                plane.linksDown = counts.down;
                plane.core = spreadOf.apply(number);
            });
            List<PlaneSummary> result = new ArrayList<>(planes.size());
            planes.values().forEach(p -> result.add(p.build()));
            return List.copyOf(result);
        }
    }

    private static final class PlaneAccumulator {
        final int plane;
        int hosts;
        int switches;
        long evsGood;
        long evsOut;
        double goodput;
        boolean hasGoodput;
        double lastHopTrims;
        double fabricTrims;
        boolean hasTrims;
        int linksDown;
        int linksTotal;
        LoadSpread core = LoadSpread.NONE;
        Freshness freshness = Freshness.LIVE;

        PlaneAccumulator(int plane) {
            this.plane = plane;
        }

        PlaneSummary build() {
            long evs = evsGood + evsOut;
            return new PlaneSummary(
                    plane,
                    evs == 0 ? Double.NaN : (double) evsGood / evs,
                    evsGood,
                    evsOut,
                    hasGoodput ? goodput : Double.NaN,
                    hasTrims ? lastHopTrims : Double.NaN,
                    hasTrims ? fabricTrims : Double.NaN,
                    linksDown,
                    linksTotal,
                    core,
                    freshness,
                    hosts,
                    switches);
        }
    }
}
