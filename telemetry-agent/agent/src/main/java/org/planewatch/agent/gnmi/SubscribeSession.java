package org.planewatch.agent.gnmi;

import io.grpc.Context;
import io.grpc.ServerCall;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.planewatch.agent.backend.ChangeListener;
import org.planewatch.agent.backend.DeviceChange;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.Interest;
import org.planewatch.agent.backend.LeafTable;
import org.planewatch.agent.log.ClientText;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * One Subscribe stream. Producers (the initial sync, sampling timers, back-end changes, polls) only put
 * into the {@link OutboundBuffer}; one drain at a time moves it to gRPC while the transport
 * {@link ServerCallStreamObserver#isReady() is ready}, so a slow client sees coalesced values instead of
 * growing the agent's memory.
 */
final class SubscribeSession implements StreamObserver<SubscribeRequest>, ChangeListener {

    private final SubscribeEnvironment env;
    private final ServerCallStreamObserver<EncodedResponse> out;
    private final ClientSession client;
    private final OutboundBuffer buffer;
    private final AtomicInteger drainRequests = new AtomicInteger();
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();
    private final List<Interest> interests = new ArrayList<>();
    /** Per sampling interval of a stream of one device, the sample due ({@link #markDue}). */
    private final List<DueSample> dueSamples = new CopyOnWriteArrayList<>();
    /**
     * Per leaf, what was last queued and when (wall ns), kept when some subscription needs it
     * (suppress_redundant, heartbeats): one map for the stream, whichever subscription queued the leaf,
     * as the client sees one value per leaf. Null when none does.
     */
    private Map<LeafKey, Sent> sent;

    /**
     * A leaf as last queued: its value, when, and whether that repeated the value queued before it
     * (suppress_redundant holds a leaf back once it was sent unchanged: {@link SampledTables}).
     */
    private record Sent(TelemetryValue value, long wallNs, boolean repeated) {}

    /** Whether some subscription has a heartbeat: sweeps then need each leaf's last sending. */
    private boolean heartbeats;
    /** suppress_redundant for devices sampled as tables; null when no subscription asks for it. */
    private SampledTables sampledTables;

    private static final int TRANSPORT_BUFFER_BYTES = 1 << 20;

    /** Entries the drain takes from the buffer between two looks at the transport's readiness. */
    private static final int DRAIN_CHUNK = 4096;
    /** Writes the drained entries as responses; used by the drain only (one thread at a time). */
    private volatile ResponseEncoder encoder;
    /** The call's context: cancelled at once when the client goes, while {@link #close} waits for onNext to return. */
    private final Context context;

    /**
     * The SubscriptionList's mode, null until it came. The list itself is not kept: 137,216 per-device
     * streams kept 137,216 copies of the console's 8 paths as protobuf objects, about 3 KB each (ADR 0109).
     */
    private SubscriptionList.Mode mode;

    private boolean updatesOnly;
    /** The subscriptions, the instance shared by every open stream of the same ones ({@link SharedSelections}). */
    private List<SubscriptionSpec> specs = List.of();

    private RequestSelection selection;
    private boolean remembers;
    private List<String> targets = List.of();
    /** From this many targets on, a sampling interval is spread over {@link #SAMPLE_SLICES} sweeps. */
    static final int SPREAD_MIN_TARGETS = 64;

    static final int SAMPLE_SLICES = 8;
    private Set<String> targetSet = Set.of();
    private Encoding encoding = Encoding.PROTO;
    private String echoedTarget = "";
    /** Targets this stream counts against its connection's limit (0 until admitted). */
    private int heldTargets;
    /** The shared selection is this stream's to give back. */
    private boolean holdsSelection;

    private boolean listens;
    /** Holds one of its connection's initial-state slots ({@link ClientSession#SYNCS_AT_ONCE}). */
    private final AtomicBoolean holdsSyncSlot = new AtomicBoolean();
    /** The drain has written the sync_response. */
    private boolean syncWritten;
    /**
     * The call under {@link #out}, whose readiness threshold the drain lowers once the initial state
     * is in the transport, to learn when all of it has left (null when served without one).
     */
    private final ServerCall<?, ?> call;
    /** The threshold is lowered: the transport is ready only when it holds nothing of this stream. */
    private volatile boolean awaitingEmptyTransport;

    private volatile boolean completeAfterSync;

    /** How long the initial state waits at most for room in the buffer, each time it waits. */
    static final long INITIAL_STATE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private static final long ROOM_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private volatile StatusRuntimeException failure;
    private volatile boolean closed;

    /**
     * @param call the call under {@code out}, or null: without it a stream gives its initial-state
     *     slot back as soon as its state is in the transport, not once it has left
     */
    SubscribeSession(
            SubscribeEnvironment env,
            ServerCallStreamObserver<EncodedResponse> out,
            ClientSession client,
            ServerCall<?, ?> call) {
        this.env = env;
        this.out = out;
        this.client = client;
        this.call = call;
        this.buffer = new OutboundBuffer(env.options().maxBufferedPaths(), env.stats());
        this.context = Context.current();
        // The transport's default readiness threshold (32 KiB) turns a fast stream of small
        // notifications into a wake-up of the drain every few dozen messages; 1 MiB per stream keeps
        // the transport busy between wake-ups and still bounds what waits outside the coalescing buffer.
        // (Set here or never: gRPC takes it only before the call starts.) Many streams on one
        // connection multiply it: their initial states take turns (ClientSession.SYNCS_AT_ONCE).
        out.setOnReadyThreshold(TRANSPORT_BUFFER_BYTES);
        out.setOnReadyHandler(this::requestDrain);
        out.setOnCancelHandler(this::close);
    }

    @Override
    public void onNext(SubscribeRequest message) {
        if (closed) {
            return;
        }
        try {
            switch (message.getRequestCase()) {
                case SUBSCRIBE -> start(message.getSubscribe());
                case POLL -> poll();
                default ->
                    throw GnmiException.invalidArgument("SubscribeRequest carries neither 'subscribe' nor 'poll'");
            }
        } catch (SelectionBudget.Cancelled e) {
            close();
        } catch (StatusRuntimeException e) {
            fail(e);
        } catch (IllegalArgumentException e) {
            fail(GnmiException.invalidArgument(e.getMessage()));
        }
    }

    /** Whether the client went away (checked inside long selections, which run before onCancel can). */
    private boolean cancelled() {
        return closed || context.isCancelled();
    }

    /** The selection work one request (initial state, Poll, sweep, change) may cost. */
    private SelectionBudget budget() {
        return new SelectionBudget(
                env.options().maxSelectionSteps(),
                this::cancelled,
                () -> "selecting the leaves of "
                        + specs.size() + " subscription paths on " + targets.size() + " targets took more than "
                        + env.options().maxSelectionSteps() + " steps beyond " + SelectionBudget.STEPS_PER_LEAF
                        + " per leaf, the agent's limit (--max-selection-steps): "
                        + "narrow the paths or the targets, or split the subscription");
    }

    @Override
    public void onError(Throwable t) {
        close();
    }

    @Override
    public void onCompleted() {
        // A client half-close ends nothing: STREAM and POLL subscriptions live until the client cancels.
        if (mode == null) {
            fail(GnmiException.invalidArgument("the stream closed before a SubscriptionList was sent"));
        }
    }

    private void start(SubscriptionList list) {
        if (mode != null) {
            throw GnmiException.invalidArgument(
                    "a Subscribe stream takes exactly one SubscriptionList; send Poll to refresh a POLL subscription");
        }
        if (list.getSubscriptionCount() == 0) {
            throw GnmiException.invalidArgument("the SubscriptionList has no subscription");
        }
        RequestLimits.requirePaths(list.getSubscriptionCount(), "subscriptions in the SubscriptionList", env.options());
        ProtoCodec.requireSupported(list.getEncoding());
        List<SubscriptionSpec> parsed = new ArrayList<>();
        for (Subscription s : list.getSubscriptionList()) {
            SubscriptionSpec spec = spec(list, s);
            if (list.getMode() != SubscriptionList.Mode.STREAM) {
                // ONCE and POLL answer now, like Get: a path that names nothing in the schema can
                // never have data, so say so as Get does instead of an empty answer (STREAM keeps it
                // pending: a newer client may name leaves a later agent serves; ADR 0083).
                RequestLimits.requireInSchema(spec.pattern());
            }
            parsed.add(spec);
            if (cancelled()) {
                throw SelectionBudget.Cancelled.INSTANCE;
            }
        }
        List<String> resolved = env.reader().resolve(list.getPrefix().getTarget());
        if (client != null) {
            // The limit is on what a connection's streams cover, not on how many there are: a stream
            // per device costs what one stream of '*' does (ADR 0103).
            int served = Math.max(1, env.reader().targetCount());
            long limit = (long) env.options().maxSubscriptionsPerClient() * served;
            if (!client.tryOpenSubscription(resolved.size(), limit)) {
                throw GnmiException.resourceExhausted("this client's open subscriptions already cover "
                        + client.targetsCovered() + " targets and this one " + resolved.size()
                        + "; the agent's limit per client is " + limit + " ("
                        + env.options().maxSubscriptionsPerClient() + " x the " + served
                        + " targets it serves, --max-subscriptions-per-client)");
            }
            heldTargets = resolved.size();
        }
        env.stats().subscriptionOpened();
        env.log()
                .info(
                        "subscribe",
                        "peer",
                        peer(),
                        "mode",
                        list.getMode(),
                        "target",
                        ClientText.shown(list.getPrefix().getTarget()),
                        "subscriptions",
                        parsed.size(),
                        "updates_only",
                        list.getUpdatesOnly());
        mode = list.getMode();
        updatesOnly = list.getUpdatesOnly();
        selection = env.selections().acquire(parsed);
        holdsSelection = true;
        // The shared selection's specs, equal to the parsed ones: this stream's copy goes with its request.
        specs = selection.specs();
        remembers = specs.stream().anyMatch(SubscriptionSpec::remembers);
        if (remembers) {
            sent = new ConcurrentHashMap<>();
        }
        heartbeats = specs.stream().anyMatch(spec -> spec.heartbeatIntervalNs() > 0);
        if (specs.stream().anyMatch(SubscriptionSpec::suppressRedundant)) {
            sampledTables = new SampledTables(specs.size());
        }
        targets = resolved;
        targetSet = resolved.size() == 1 ? Set.of(resolved.getFirst()) : Set.copyOf(resolved);
        encoding = list.getEncoding();
        String requested = list.getPrefix().getTarget();
        echoedTarget = resolved.size() == 1 && resolved.getFirst().equals(requested) ? resolved.getFirst() : requested;
        encoder = new ResponseEncoder(encoding, echoedTarget, env.options().maxUpdatesPerNotification());
        if (resolved.size() == 1) {
            // A stream of one device is sampled as a whole now and then: its columns are not worth
            // keeping between samples (137,216 such streams kept a copy of every device's layout).
            buffer.releaseDrainedSlots();
        }
        askForHeldBackLeaves();
        switch (list.getMode()) {
            case STREAM -> startStream();
            case ONCE -> {
                completeAfterSync = true;
                queueInitialState();
            }
            case POLL -> queueInitialState();
            default -> throw GnmiException.invalidArgument("unknown SubscriptionList mode " + list.getModeValue());
        }
    }

    /** Leaves a back end publishes only when a subscription names them (per-EV state): asked for before the initial state. */
    private void askForHeldBackLeaves() {
        for (SubscriptionSpec spec : specs) {
            if (cancelled()) {
                throw SelectionBudget.Cancelled.INSTANCE;
            }
            try {
                Interest interest = env.reader().backend().interest(targets, spec.pattern());
                synchronized (interests) {
                    interests.add(interest);
                }
            } catch (IllegalStateException e) {
                env.log()
                        .warn(
                                "subscribe-interest",
                                "peer",
                                peer(),
                                "path",
                                ClientText.shown(spec.pattern()),
                                "message",
                                e.getMessage());
            }
        }
    }

    private SubscriptionSpec spec(SubscriptionList list, Subscription s) {
        PathPattern pattern = new PathPattern(ProtoCodec.join(list.getPrefix(), s.getPath()));
        if (list.getMode() != SubscriptionList.Mode.STREAM) {
            return new SubscriptionSpec(pattern, SubscriptionMode.TARGET_DEFINED, 0, false, 0);
        }
        long min = env.options().minSampleIntervalNs();
        long interval = switch (s.getMode()) {
            case SAMPLE -> s.getSampleInterval() == 0 ? min : s.getSampleInterval();
            case TARGET_DEFINED ->
                s.getSampleInterval() == 0 ? env.options().targetDefinedIntervalNs() : s.getSampleInterval();
            case ON_CHANGE -> 0;
            default ->
                throw GnmiException.invalidArgument(
                        "unknown subscription mode " + s.getModeValue() + " for " + ClientText.shown(pattern));
        };
        if (s.getMode() != SubscriptionMode.ON_CHANGE && interval < min) {
            throw GnmiException.invalidArgument("sample_interval " + interval + " ns for " + ClientText.shown(pattern)
                    + " is below the agent's minimum of " + min + " ns");
        }
        if (s.getHeartbeatInterval() != 0 && s.getHeartbeatInterval() < min) {
            throw GnmiException.invalidArgument("heartbeat_interval " + s.getHeartbeatInterval() + " ns for "
                    + ClientText.shown(pattern) + " is below the agent's minimum of " + min + " ns");
        }
        return new SubscriptionSpec(pattern, s.getMode(), interval, s.getSuppressRedundant(), s.getHeartbeatInterval());
    }

    private void startStream() {
        if (specs.stream().anyMatch(SubscriptionSpec::hasChangeLeaves)) {
            // Only then: listening makes the back end diff every snapshot it publishes.
            synchronized (this) {
                if (!closed) {
                    env.changes().add(this, targets);
                    listens = true;
                }
            }
        }
        if (client == null || updatesOnly) {
            beginStream();
            return;
        }
        // The initial state waits for one of the connection's slots (ClientSession.SYNCS_AT_ONCE).
        client.whenSyncSlotFree(
                () -> {
                    holdsSyncSlot.set(true);
                    if (closed) {
                        releaseSyncSlot();
                        return;
                    }
                    guarded(this::beginStream);
                },
                env.drainExecutor());
    }

    private void releaseSyncSlot() {
        if (holdsSyncSlot.compareAndSet(true, false)) {
            if (awaitingEmptyTransport) {
                call.setOnReadyThreshold(TRANSPORT_BUFFER_BYTES);
            }
            client.syncDone(env.drainExecutor());
        }
    }

    /** The initial state (or the sync marker alone, for updates_only), then the sampling timers. */
    private void beginStream() {
        if (updatesOnly) {
            buffer.sync();
            requestDrain();
        } else {
            queueInitialState();
        }
        synchronized (timers) {
            // One timer per sampling interval, sweeping every subscription of that interval: the
            // console's 8 paths made 8 timers per stream, 1.1 million on the full fabric's streams.
            Map<Long, List<Integer>> byInterval = new TreeMap<>();
            for (int i = 0; i < specs.size(); i++) {
                if (specs.get(i).hasSampledLeaves()) {
                    byInterval
                            .computeIfAbsent(specs.get(i).sampleIntervalNs(), k -> new ArrayList<>())
                            .add(i);
                }
            }
            byInterval.forEach((interval, group) -> {
                int[] indexes = group.stream().mapToInt(Integer::intValue).toArray();
                // Many targets are sampled in slices spread over the interval, each slice still
                // once per interval: a single sweep of every device at once made the encoder,
                // the transport and the client busy together and took both cores from the
                // simulation for those moments.
                if (targets.size() == 1) {
                    DueSample due = new DueSample(indexes);
                    dueSamples.add(due);
                    timers.add(env.scheduler()
                            .scheduleAtFixedRate(
                                    () -> guarded(() -> markDue(due)), interval, interval, TimeUnit.NANOSECONDS));
                    return;
                }
                int slices = targets.size() >= SPREAD_MIN_TARGETS ? SAMPLE_SLICES : 1;
                for (int slice = 0; slice < slices; slice++) {
                    int from = slice * targets.size() / slices;
                    int to = (slice + 1) * targets.size() / slices;
                    timers.add(env.scheduler()
                            .scheduleAtFixedRate(
                                    () -> guarded(() -> sample(indexes, from, to)),
                                    interval + slice * (interval / slices),
                                    interval,
                                    TimeUnit.NANOSECONDS));
                }
            });
            for (int i = 0; i < specs.size(); i++) {
                SubscriptionSpec spec = specs.get(i);
                int index = i;
                if (spec.hasChangeLeaves() && spec.heartbeatIntervalNs() > 0) {
                    timers.add(env.scheduler()
                            .scheduleAtFixedRate(
                                    () -> guarded(() -> heartbeat(index)),
                                    spec.heartbeatIntervalNs(),
                                    spec.heartbeatIntervalNs(),
                                    TimeUnit.NANOSECONDS));
                }
            }
            if (closed) {
                timers.forEach(t -> t.cancel(false));
            }
        }
    }

    private void poll() {
        if (mode == null) {
            throw GnmiException.invalidArgument("Poll received before the SubscriptionList");
        }
        if (mode != SubscriptionList.Mode.POLL) {
            throw GnmiException.invalidArgument(
                    "Poll received on a " + mode + " subscription; only POLL subscriptions are polled");
        }
        queueAll();
    }

    /** Current values of every selected leaf, then sync_response (unless updates_only). */
    private void queueInitialState() {
        if (!updatesOnly) {
            queueAll();
        } else {
            buffer.sync();
            requestDrain();
        }
    }

    private void queueAll() {
        SelectionBudget budget = budget();
        long wall = env.wallNanos().getAsLong();
        for (String target : targets) {
            budget.checkCancelled();
            // Each device goes out as soon as it is selected: the initial state of 9,728 devices took
            // the agent half a minute to select, and the client received nothing until all of it was.
            requestDrain();
            if (!heartbeats
                    && env.reader().read(target) instanceof DeviceSnapshot device
                    && device.leaves() instanceof LeafTable table) {
                int[] selected = selection.layout(target, table.layout(), budget).selected;
                awaitRoom(selected.length);
                buffer.updateTable(target, device.timestampNs(), table, selected);
                if (sampledTables != null) {
                    sampledTables.initial(target, table);
                }
                env.reader().visitAgentLeaves(device.timestampNs(), (path, value, timestampNs) -> {
                    if (selection.selecting(path, budget).length > 0) {
                        buffer.update(target, timestampNs, path, value, true);
                    }
                });
                continue;
            }
            env.reader().visit(target, (path, value, timestampNs) -> {
                int[] selecting = selection.selecting(path, budget);
                if (selecting.length > 0) {
                    awaitRoom(1);
                    queue(target, timestampNs, path, value, wall);
                }
            });
        }
        buffer.sync();
        requestDrain();
    }

    /**
     * The initial state waits for the client rather than being dropped when the buffer is full (at
     * most {@link #INITIAL_STATE_WAIT_NANOS} per wait; a client that reads nothing for that long
     * loses what does not fit, counted as dropped). Kicks the drain while it waits: the transport's
     * onReady comes on this call's thread, which is the one waiting.
     */
    private void awaitRoom(int leaves) {
        long deadline = System.nanoTime() + INITIAL_STATE_WAIT_NANOS;
        try {
            while (!buffer.awaitRoom(leaves, this::cancelled, ROOM_POLL_NANOS)
                    && !cancelled()
                    && System.nanoTime() < deadline) {
                requestDrain();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A sampling tick of targets {@code from} (inclusive) to {@code to}: every sampled leaf, unless
     * suppress_redundant holds back an unchanged one.
     */
    private void sample(int[] indexes, int from, int to) {
        for (int index : indexes) {
            sweep(index, true, targets.subList(from, to));
        }
    }

    /**
     * A sampling tick of a stream of one device: the sample is taken by the drain when the transport
     * can take it ({@link #takeDueSamples}), not now. Taken at the tick, a sample the client could
     * not take yet waited in the stream's buffer as a copy of the device's leaves: with 137,216
     * per-device streams and a client (or an agent) behind by one interval, a copy of every device,
     * 4 GB, and the agent collected garbage instead of serving (ADR 0109). A tick that finds the
     * last one still due is coalesced with it, counted as coalesced updates.
     */
    private void markDue(DueSample due) {
        if (due.due().getAndSet(true)) {
            env.stats().coalesced(sampleSize(due));
        }
        requestDrain();
    }

    /** The leaves a sample of {@code due} sends: what a tick coalesced with the one still due counts. */
    private long sampleSize(DueSample due) {
        String target = targets.getFirst();
        SelectionBudget budget = budget();
        long[] size = {0};
        for (int index : due.indexes()) {
            if (env.reader().read(target).leaves() instanceof LeafTable table) {
                size[0] += selection.layout(target, table.layout(), budget).sweep(index, true).length;
                continue;
            }
            env.reader().visit(target, (path, value, timestampNs) -> {
                if (sweeps(index, path, true, budget)) {
                    size[0]++;
                }
            });
        }
        return size[0];
    }

    /** Samples due, taken now (by the drain, while the transport is ready). */
    private void takeDueSamples() {
        for (DueSample due : dueSamples) {
            if (due.due().getAndSet(false)) {
                guarded(() -> {
                    for (int index : due.indexes()) {
                        sweep(index, true, targets);
                    }
                });
            }
        }
    }

    /** The subscriptions of one sampling interval of a stream of one device, and whether a sample of them is due. */
    private record DueSample(int[] indexes, AtomicBoolean due) {
        DueSample(int[] indexes) {
            this(indexes, new AtomicBoolean());
        }
    }

    /** A heartbeat tick: every on-change leaf not sent within the heartbeat interval. */
    private void heartbeat(int index) {
        sweep(index, false, targets);
    }

    private void sweep(int index, boolean sampledLeaves, List<String> swept) {
        SubscriptionSpec spec = specs.get(index);
        boolean remembers = spec.remembers();
        SelectionBudget budget = budget();
        long wall = env.wallNanos().getAsLong();
        for (String target : swept) {
            budget.checkCancelled();
            if (!heartbeats
                    && env.reader().read(target) instanceof DeviceSnapshot device
                    && device.leaves() instanceof LeafTable table) {
                // The whole device as one table, no per-leaf lookups: every selected leaf, or those
                // that changed since the sample before the last under suppress_redundant.
                int[] leaves = selection.layout(target, table.layout(), budget).sweep(index, sampledLeaves);
                if (sampledLeaves && spec.suppressRedundant()) {
                    leaves = sampledTables.due(target, index, table, leaves);
                    if (leaves == null) {
                        continue; // this very table was sampled already: nothing is new
                    }
                }
                buffer.updateTable(target, device.timestampNs(), table, leaves);
                env.reader().visitAgentLeaves(device.timestampNs(), (path, value, timestampNs) -> {
                    if (sweeps(index, path, sampledLeaves, budget)) {
                        buffer.update(target, timestampNs, path, value, true);
                    }
                });
                continue;
            }
            env.reader().visit(target, (path, value, timestampNs) -> {
                if (!sweeps(index, path, sampledLeaves, budget)) {
                    return;
                }
                Sent previous = remembers ? sent.get(new LeafKey(target, path)) : null;
                boolean due = previous == null
                        || heartbeatDue(spec, previous, wall)
                        || (sampledLeaves
                                && (!spec.suppressRedundant()
                                        || !previous.repeated()
                                        || !previous.value().equals(value)));
                if (due) {
                    queue(target, timestampNs, path, value, wall);
                }
            });
        }
        requestDrain();
    }

    /** Whether a sampling ({@code sampledLeaves}) or heartbeat sweep of subscription {@code index} sends {@code leaf}. */
    private boolean sweeps(int index, TelemetryPath leaf, boolean sampledLeaves, SelectionBudget budget) {
        return selection.selects(index, leaf, budget) && specs.get(index).samples(leaf) == sampledLeaves;
    }

    private static boolean heartbeatDue(SubscriptionSpec spec, Sent previous, long wall) {
        return spec.heartbeatIntervalNs() > 0 && wall - previous.wallNs() >= spec.heartbeatIntervalNs();
    }

    /** Back-end changes: leaves streamed on change, and deletes of every selected leaf. */
    @Override
    public void changed(DeviceChange change) {
        if (closed || !targetSet.contains(change.target())) {
            return;
        }
        try {
            queueChange(change);
        } catch (SelectionBudget.Cancelled e) {
            close();
        } catch (StatusRuntimeException e) {
            fail(e); // never into the back end's publishing thread
        }
    }

    private void queueChange(DeviceChange change) {
        SelectionBudget budget = budget();
        long wall = env.wallNanos().getAsLong();
        boolean queued = false;
        // A change is one by construction (the feed diffed it): leaves of a device sampled as a table are
        // not remembered one by one without heartbeats (137,216 streams of event-ring leaves add up).
        boolean remember = remembers && (heartbeats || !sampledAsTable(change.target()));
        for (Map.Entry<TelemetryPath, TelemetryValue> leaf : change.updated().entrySet()) {
            for (int i : selection.selecting(leaf.getKey(), budget)) {
                SubscriptionSpec spec = specs.get(i);
                if (spec.hasChangeLeaves() && !spec.samples(leaf.getKey())) {
                    if (remember && spec.suppressRedundant()) {
                        Sent previous = sent.get(new LeafKey(change.target(), leaf.getKey()));
                        if (previous != null && previous.value().equals(leaf.getValue())) {
                            break;
                        }
                    }
                    queue(change.target(), change.timestampNs(), leaf.getKey(), leaf.getValue(), wall, remember);
                    queued = true;
                    break;
                }
            }
        }
        for (TelemetryPath path : change.deleted()) {
            if (selection.selecting(path, budget).length > 0) {
                buffer.delete(change.target(), change.timestampNs(), path);
                queued = true;
            }
        }
        if (queued) {
            requestDrain();
        }
    }

    private void queue(String target, long timestampNs, TelemetryPath path, TelemetryValue value, long wall) {
        queue(target, timestampNs, path, value, wall, remembers);
    }

    private void queue(
            String target, long timestampNs, TelemetryPath path, TelemetryValue value, long wall, boolean remember) {
        buffer.update(target, timestampNs, path, value);
        if (remember) {
            LeafKey key = new LeafKey(target, path);
            Sent previous = sent.get(key);
            sent.put(
                    key,
                    new Sent(value, wall, previous != null && previous.value().equals(value)));
        }
    }

    /** Whether {@code target}'s sweeps go by table, not by the remembered leaves ({@link #sweep}). */
    private boolean sampledAsTable(String target) {
        return !heartbeats
                && env.reader().read(target) instanceof DeviceSnapshot device
                && device.leaves() instanceof LeafTable;
    }

    private void guarded(Runnable task) {
        if (closed) {
            return;
        }
        try {
            task.run();
        } catch (SelectionBudget.Cancelled e) {
            close();
        } catch (StatusRuntimeException e) {
            fail(e);
        } catch (RuntimeException e) {
            fail(Status.INTERNAL
                    .withDescription("sampling failed: " + e)
                    .withCause(e)
                    .asRuntimeException());
        }
    }

    private String peer() {
        return client == null ? "in-process" : client.peer();
    }

    private void fail(StatusRuntimeException error) {
        env.log()
                .warn(
                        "subscribe-error",
                        "peer",
                        peer(),
                        "status",
                        error.getStatus().getCode(),
                        "message",
                        String.valueOf(error.getStatus().getDescription()));
        failure = error;
        requestDrain();
    }

    private void requestDrain() {
        if (drainRequests.getAndIncrement() == 0) {
            try {
                env.drainExecutor().execute(this::drainLoop);
            } catch (RejectedExecutionException e) {
                close(); // the server is shutting down; never let this reach a producer (the simulation thread)
            }
        }
    }

    /** Runs on one thread at a time: the only place that calls {@code out}. */
    private void drainLoop() {
        int missed = 1;
        while (true) {
            try {
                drain();
            } catch (RuntimeException e) {
                close();
            }
            missed = drainRequests.addAndGet(-missed);
            if (missed == 0) {
                return;
            }
        }
    }

    private void drain() {
        if (closed) {
            return;
        }
        if (failure != null) {
            out.onError(failure);
            close();
            return;
        }
        ResponseEncoder writer = encoder;
        if (writer == null) {
            return; // no SubscriptionList yet: nothing can be waiting
        }
        while (out.isReady()) {
            if (!holdsSyncSlot.get()) {
                takeDueSamples(); // after the initial state has left: it carries the same values
            }
            if (buffer.drain(DRAIN_CHUNK, writer) == 0) {
                if (syncWritten && holdsSyncSlot.get()) {
                    if (call != null && !awaitingEmptyTransport) {
                        // The transport takes up to TRANSPORT_BUFFER_BYTES of a stream while calling it
                        // ready, and an initial state of one device is less than that: the slot went
                        // back while the whole state still waited in the agent for a slow client, and
                        // 137,216 per-device streams held 4 GB there (ADR 0109). Ready from now on means
                        // that nothing of this stream is left in the transport.
                        awaitingEmptyTransport = true;
                        call.setOnReadyThreshold(1);
                        continue;
                    }
                    releaseSyncSlot(); // all of the initial state has left (or, without the call, is in the transport)
                    continue; // to the samples that came due meanwhile
                }
                return;
            }
            List<EncodedResponse> responses = writer.finish();
            env.stats().delivered(writer.takeUpdateCount());
            for (EncodedResponse response : responses) {
                out.onNext(response);
                if (response.bytes() == ResponseEncoder.SYNC_RESPONSE) {
                    syncWritten = true;
                }
            }
            // A chunk ends at a sync marker if it has one: a ONCE subscription is done there.
            if (completeAfterSync
                    && !responses.isEmpty()
                    && responses.getLast().bytes() == ResponseEncoder.SYNC_RESPONSE) {
                out.onCompleted();
                close();
                return;
            }
        }
    }

    private synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (listens) {
            env.changes().remove(this, targets);
        }
        synchronized (timers) {
            timers.forEach(t -> t.cancel(false));
        }
        synchronized (interests) {
            interests.forEach(Interest::close);
            interests.clear();
        }
        if (mode != null) {
            env.stats().subscriptionClosed();
            env.log().info("subscribe-end", "peer", peer(), "mode", mode);
        }
        if (heldTargets > 0) {
            client.closeSubscription(heldTargets);
        }
        if (client != null) {
            releaseSyncSlot();
        }
        if (holdsSelection) {
            env.selections().release(specs);
        }
    }
}
