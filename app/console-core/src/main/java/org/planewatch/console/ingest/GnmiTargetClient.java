package org.planewatch.console.ingest;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ChannelCredentials;
import io.grpc.ClientInterceptors;
import io.grpc.ConnectivityState;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.buffer.UnpooledByteBufAllocator;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.FixedRecvByteBufAllocator;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Keeps one gNMI Subscribe session per configured target alive: dials, subscribes to the plan,
 * decodes every response straight into the {@link IngestQueue}, and redials with exponential
 * backoff and jitter after any failure, capped low while the target was live recently, and at
 * once when the channel connects, so a restarted agent is subscribed to again within about a
 * second of listening (ADR 0087). Network callbacks do nothing else.
 *
 * <p>Fed into a {@linkplain IngestQueue#paced paced} queue (a collector's, ADR 0112, 0115), the
 * connection's callbacks run on one thread of its own, and a response that arrives takes one of the
 * queue's {@link ReadCredits} before it is queued: without one, that thread waits, and so every
 * stream of the connection waits with it (each has at most one response delivered and not taken);
 * what they have not read stays in the agent (HTTP/2 flow control), never in this process beyond
 * the connection's window. A stream waiting for its device holds no credit. Fed into a queue
 * {@linkplain IngestQueue#holdingBack holding back} (the collector's today, ADR 0125), the same
 * one thread waits for room, with the same effect (ADR 0132).
 */
public final class GnmiTargetClient implements AutoCloseable {
    private static final int MAX_MESSAGE_BYTES = 64 << 20;
    private static final int FLOW_CONTROL_WINDOW_BYTES = 16 << 20;
    /** A stream's HTTP/2 window on a connection into a queue that holds its sources back (ADR 0134). */
    private static final int HELD_BACK_STREAM_WINDOW_BYTES = 16 << 10;

    /** One read of a connection into a queue that holds its sources back (ADR 0134). */
    private static final int HELD_BACK_READ_BYTES = 4 << 10;
    /** Seconds without a read before a keepalive ping (see the channel below). */
    private static final long KEEPALIVE_SECONDS = 60;
    /** A target that streamed within this long is redialled with the backoff's low cap. */
    static final Duration RECENTLY_LIVE = Duration.ofMinutes(10);
    /** How long the console waits for a TLS handshake when it asks whether an agent speaks TLS. */
    private static final Duration TLS_PROBE_TIMEOUT = Duration.ofSeconds(1);

    private final TargetConfig config;
    private final SubscriptionPlan plan;
    private final IngestQueue queue;
    private final InstantSource clock;
    private final ScheduledExecutorService scheduler;
    private final Backoff backoff;
    /** The queue's credits when it is paced; null: gRPC reads as fast as the agent sends. */
    private final ReadCredits credits;
    /**
     * A queue that holds its sources back: the connection's one callback thread, which waits for
     * credits or room; null: gRPC's shared pool.
     */
    private final ExecutorService callbacks;

    private final ManagedChannel channel;
    /** The channel with the credential headers attached to every call. */
    private final Channel authenticated;
    /**
     * Subscribe, its responses decoded from their bytes (no protobuf objects) by one decoder for all
     * the connection's streams: a decoder per stream kept its buffer, its arrays and every path its
     * device sent, 1.1 KB a leaf, 2 GB for 2,624 per-device streams (ADR 0112).
     */
    private final MethodDescriptor<SubscribeRequest, Optional<IngestEvent>> subscribe;
    /** {@link #plan}'s subscriptions, every stream's request but for its prefix. */
    private final SubscriptionList planList;

    private final Object lock = new Object();
    /** When the target last streamed (its first response, or a failure while streaming); MIN_VALUE: never. */
    private volatile long lastLiveMillis = Long.MIN_VALUE;

    private long generation;
    private boolean closed;
    private final List<ClientCallStreamObserver<SubscribeRequest>> streams = new ArrayList<>();
    /** Explicit-only paths per device (the drill-down's EVs), re-subscribed on every dial. */
    private final Map<String, SubscriptionPlan> explicit = new HashMap<>();
    /** The calls of {@link #explicit} in the current attempt: moved on their own, the fabric's streams untouched. */
    private final List<Stream> explicitStreams = new ArrayList<>();

    public GnmiTargetClient(
            TargetConfig config,
            SubscriptionPlan plan,
            IngestQueue queue,
            InstantSource clock,
            ScheduledExecutorService scheduler,
            Backoff backoff) {
        this.config = config;
        this.plan = plan;
        this.queue = queue;
        this.clock = clock;
        this.scheduler = scheduler;
        this.backoff = backoff;
        this.planList = subscriptionList(plan);
        this.credits = queue.credits().orElse(null);
        // A queue that holds its sources back: the connection's one callback thread. Callbacks gRPC
        // hands over after close (the calls' ends) are of no use then: discarded, not rejected with
        // a stack trace in gRPC's log.
        this.callbacks = !queue.holdsSourcesBack()
                ? null
                : new ThreadPoolExecutor(
                        1,
                        1,
                        0,
                        TimeUnit.MILLISECONDS,
                        new LinkedBlockingQueue<>(),
                        Thread.ofPlatform()
                                .daemon()
                                .name("gnmi-" + config.name())
                                .factory(),
                        new ThreadPoolExecutor.DiscardPolicy());
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(config.host(), config.port(), credentials(config));
        if (callbacks != null) {
            // Waiting for a credit or for room blocks this connection's callbacks only: never gRPC's
            // shared pool, which starts a thread for every other stream's next callback (a collector
            // held back on the full fabric had 3,221 threads alive, 8,575 at the peak, 24 started a
            // second: docs/benchmarks.md, stop 37).
            builder.executor(callbacks);
            // Each stream of a held-back connection keeps its next message, read and not yet handed
            // on, as a slice of the buffer Netty read it into, and the slice keeps the whole buffer:
            // gRPC's pooled 2 MiB chunks, or 64 to 128 KiB reads, times tens of thousands of waiting
            // streams took a collector gigabytes past its heap, malloc'd through Java's foreign
            // function API where native memory tracking does not see it (ADR 0134). Reads of 4 KiB
            // into buffers of their own, freed once read, keep a waiting stream's share small.
            builder.withOption(ChannelOption.ALLOCATOR, new UnpooledByteBufAllocator(true));
            builder.withOption(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(HELD_BACK_READ_BYTES));
        }
        // A large HTTP/2 window keeps many notifications in flight: with the default 1 MiB the stream
        // runs as request/response ping-pong and loopback ingest is bound by latency, not CPU. Not
        // for a held-back connection: gRPC refills the connection's window as data arrives, so what
        // a waiting stream may receive and keep unread is bounded only by its own window, and a
        // collector has tens of thousands of streams (3.9 GB malloc'd in col-a of full-scale run 13
        // with 16 MiB each, ADR 0134).
        this.channel = builder.flowControlWindow(
                        callbacks != null ? HELD_BACK_STREAM_WINDOW_BYTES : FLOW_CONTROL_WINDOW_BYTES)
                .maxInboundMessageSize(MAX_MESSAGE_BYTES)
                // gRPC servers (the agent's, grpc-go's in devices) allow one keepalive ping per 5
                // minutes while they send nothing and cut the connection, every stream of it, at the
                // third early one (GOAWAY "too_many_pings"). Counters come every 60 s at scale (ADR
                // 0103): a ping a minute of silence finds a dead agent within 65 s and is cut only
                // after 4 silent minutes; one every 10 s was cut after 40 s (KeepAliveTest).
                .keepAliveTime(KEEPALIVE_SECONDS, TimeUnit.SECONDS)
                .keepAliveTimeout(5, TimeUnit.SECONDS)
                .build();
        Metadata headers = new Metadata();
        config.credentials().ifPresent(c -> {
            headers.put(Metadata.Key.of("username", Metadata.ASCII_STRING_MARSHALLER), c.username());
            headers.put(Metadata.Key.of("password", Metadata.ASCII_STRING_MARSHALLER), c.password());
        });
        this.authenticated = ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers));
        this.subscribe = gNMIGrpc.getSubscribeMethod().toBuilder(
                        ProtoUtils.marshaller(SubscribeRequest.getDefaultInstance()),
                        new DecodingResponseMarshaller(config.name(), config.defaultDevice(), clock))
                .build();
    }

    /**
     * TLS material is read when the target is configured, so a missing or unreadable file is
     * reported against the target's name instead of surfacing as a handshake failure later.
     */
    static ChannelCredentials credentials(TargetConfig config) {
        if (config.tls().isEmpty()) {
            return InsecureChannelCredentials.create();
        }
        TargetConfig.TlsFiles tls = config.tls().get();
        try {
            TlsChannelCredentials.Builder builder = TlsChannelCredentials.newBuilder();
            if (tls.caFile().isPresent()) {
                builder.trustManager(
                        readable(config, "ca-file", tls.caFile().get()).toFile());
            }
            if (tls.certFile().isPresent() != tls.keyFile().isPresent()) {
                throw new IllegalArgumentException(
                        "target '" + config.name() + "': mutual TLS needs both cert-file and key-file");
            }
            if (tls.certFile().isPresent()) {
                builder.keyManager(
                        readable(config, "cert-file", tls.certFile().get()).toFile(),
                        readable(config, "key-file", tls.keyFile().get()).toFile());
            }
            return builder.build();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "target '" + config.name() + "': cannot read TLS files: " + e.getMessage(), e);
        }
    }

    private static java.nio.file.Path readable(TargetConfig config, String what, java.nio.file.Path file) {
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException(
                    "target '" + config.name() + "': " + what + " " + file + " is not a readable file");
        }
        return file;
    }

    public TargetConfig config() {
        return config;
    }

    public void start() {
        dial();
    }

    private void dial() {
        long attempt;
        List<ClientCallStreamObserver<SubscribeRequest>> previous;
        synchronized (lock) {
            if (closed) {
                return;
            }
            attempt = ++generation;
            previous = List.copyOf(streams);
            streams.clear();
            explicitStreams.clear();
        }
        // A dial may overtake a scheduled redial (a changed explicit subscription): never leave streams behind.
        cancelAll(previous, "redialling");
        publish(ConnectionPhase.CONNECTING, "dialling " + config.address());
        channel.resetConnectBackoff();
        List<String> streamTargets = config.targets().isEmpty() ? List.of("") : config.targets();
        for (String target : streamTargets) {
            open(new Stream(attempt, false), request(target, plan));
        }
        Map<String, SubscriptionPlan> extras;
        synchronized (lock) {
            extras = Map.copyOf(explicit);
        }
        extras.forEach((target, extraPlan) -> openExplicit(attempt, request(target, extraPlan)));
    }

    private void openExplicit(long attempt, SubscribeRequest request) {
        Stream stream = new Stream(attempt, true);
        synchronized (lock) {
            if (closed || attempt != generation) {
                return; // a newer dial subscribes the explicit paths itself
            }
            explicitStreams.add(stream);
        }
        open(stream, request);
    }

    private void open(Stream stream, SubscribeRequest request) {
        try {
            ClientCalls.asyncBidiStreamingCall(authenticated.newCall(subscribe, CallOptions.DEFAULT), stream)
                    .onNext(request);
            if (stream.retired) {
                // Replaced by another host while it started (a redial and a click on two threads):
                // its cancel found no call yet, so it is cancelled here, not left streaming.
                stream.cancel("replaced before it started");
            }
        } catch (IllegalStateException cancelledAlready) {
            // The dial failed before the request went out (refused at once): the stream's onError
            // already reported it and scheduled the redial.
        }
    }

    /**
     * Subscribes {@code target} (a device this connection serves) to {@code extra} paths that the
     * agent sends only when asked (per-EV state), replacing any earlier explicit subscription; kept
     * across redials. Only the explicit call is replaced: the fabric's streams stay open, so looking
     * at another host never makes the agent send every device's initial state again (at 8,192 hosts
     * that was 6.7 million leaves a click, and the host's grid waited behind them).
     */
    public void subscribeExplicitly(String target, SubscriptionPlan extra) {
        long attempt;
        List<Stream> replaced;
        synchronized (lock) {
            if (closed || extra.equals(explicit.get(target))) {
                return;
            }
            explicit.clear();
            explicit.put(target, extra);
            attempt = generation;
            replaced = List.copyOf(explicitStreams);
            explicitStreams.clear();
            replaced.forEach(Stream::retire);
        }
        replaced.forEach(stream -> stream.cancel("looking at " + target + " instead"));
        openExplicit(attempt, request(target, extra));
    }

    /** Whether this connection serves {@code device}: an aggregating endpoint ({@code *}) or a listed name. */
    public boolean serves(String device) {
        return config.targets().contains("*")
                || config.targets().contains(device)
                || config.defaultDevice().equals(device);
    }

    SubscribeRequest request(String target) {
        return request(target, plan);
    }

    SubscribeRequest request(String target, SubscriptionPlan plan) {
        SubscriptionList list = plan.equals(this.plan) ? planList : subscriptionList(plan);
        if (target.isEmpty()) {
            return SubscribeRequest.newBuilder().setSubscribe(list).build();
        }
        return SubscribeRequest.newBuilder()
                .setSubscribe(list.toBuilder().setPrefix(Path.newBuilder().setTarget(target)))
                .build();
    }

    /**
     * {@code plan}'s subscriptions, without a prefix: the same for every device of a connection, so
     * made once ({@link #planList}) and not again for each of the thousands of streams of a dial (a
     * collector taking 18 entries parsed the plan's paths 68,600 times, its share thread's largest
     * cost, docs/benchmarks.md).
     */
    private static SubscriptionList subscriptionList(SubscriptionPlan plan) {
        SubscriptionList.Builder list = SubscriptionList.newBuilder()
                .setPrefix(Path.getDefaultInstance())
                .setMode(SubscriptionList.Mode.STREAM)
                .setEncoding(Encoding.PROTO);
        for (SubscriptionPlan.PathGroup group : plan.groups()) {
            Subscription.Builder subscription = Subscription.newBuilder()
                    .setPath(NotificationDecoder.encode(TelemetryPath.parse(group.path())))
                    .setMode(
                            switch (group.mode()) {
                                case TARGET_DEFINED -> SubscriptionMode.TARGET_DEFINED;
                                case ON_CHANGE -> SubscriptionMode.ON_CHANGE;
                                case SAMPLE -> SubscriptionMode.SAMPLE;
                            });
            if (group.mode() == SubscriptionPlan.Mode.SAMPLE) {
                subscription.setSampleInterval(group.sampleInterval().toNanos());
            }
            if (plan.suppressRedundant() && group.mode() != SubscriptionPlan.Mode.ON_CHANGE) {
                subscription.setSuppressRedundant(true);
            }
            list.addSubscription(subscription);
        }
        return list.build();
    }

    private void publish(ConnectionPhase phase, String detail) {
        queue.offer(new IngestEvent.Connection(config.name(), phase, detail, clock.millis()));
    }

    /**
     * One Subscribe call of one dial attempt; a failure of any call restarts the whole attempt, except
     * the failure of an explicit call replaced on purpose (retired: its cancellation is expected).
     */
    private final class Stream implements ClientResponseObserver<SubscribeRequest, Optional<IngestEvent>> {
        private final long attempt;
        /** An explicit call: the fabric's streams announce the connection, it only adds leaves. */
        private final boolean explicitPaths;

        private boolean announced;
        private volatile boolean retired;
        private ClientCallStreamObserver<SubscribeRequest> call;

        Stream(long attempt, boolean explicitPaths) {
            this.attempt = attempt;
            this.explicitPaths = explicitPaths;
        }

        /** Under {@code lock}: from now on this call's end is no failure of the connection. */
        void retire() {
            retired = true;
            if (call != null) {
                streams.remove(call);
            }
        }

        void cancel(String why) {
            ClientCallStreamObserver<SubscribeRequest> toCancel;
            synchronized (lock) {
                toCancel = call;
            }
            if (toCancel != null) {
                cancelAll(List.of(toCancel), why);
            }
        }

        @Override
        public void beforeStart(ClientCallStreamObserver<SubscribeRequest> requestStream) {
            synchronized (lock) {
                call = requestStream;
                if (!retired) {
                    streams.add(requestStream);
                }
            }
        }

        @Override
        public void onNext(Optional<IngestEvent> response) {
            if (retired) {
                return; // a host no longer looked at: its leaves would undo the grid of the one looked at now
            }
            if (!announced) {
                announced = true;
                if (!explicitPaths) { // the fabric's streams announce the connection; an explicit one only adds leaves
                    backoff.reset();
                    lastLiveMillis = clock.millis();
                    // Streaming since its first response arrived: stamped later, the change would be queued
                    // ahead of a response that arrived before it.
                    queue.offer(new IngestEvent.Connection(
                            config.name(),
                            ConnectionPhase.STREAMING,
                            "",
                            response.map(IngestEvent::arrivalMillis).orElseGet(clock::millis)));
                }
            }
            if (response.isPresent() && awaitCredit()) {
                queue.offer(response.get());
            }
            // gRPC asks for this stream's next response when this returns (automatic flow control):
            // always one asked for, so no stream waits for its device while holding a credit.
        }

        @Override
        public void onError(Throwable error) {
            if (retired) {
                return;
            }
            fail(
                    attempt,
                    ConnectionFailures.explain(config, error, announced),
                    announced,
                    ConnectionFailures.refusesTheRequest(error));
        }

        @Override
        public void onCompleted() {
            if (retired) {
                return;
            }
            fail(
                    attempt,
                    new ConnectionFailures.Failure(config.address() + " ended the subscription", false),
                    announced,
                    false);
        }
    }

    /**
     * Paced: takes a credit for a response that arrived, waiting on the connection's callback thread
     * until a drain releases one; true when there is nothing to wait for (not paced). False when
     * the client is closed while it waits: the response is not queued (the queue goes with it).
     */
    private boolean awaitCredit() {
        if (credits == null) {
            return true;
        }
        CreditWait wait = new CreditWait();
        if (credits.take(wait::granted)) {
            return true;
        }
        return wait.await();
    }

    /** One wait for a credit; a credit granted after the waiter gave up goes straight back. */
    private final class CreditWait {
        private final CountDownLatch granted = new CountDownLatch(1);
        private boolean abandoned; // guarded by this

        void granted() {
            synchronized (this) {
                if (!abandoned) {
                    granted.countDown();
                    return;
                }
            }
            credits.release(1);
        }

        boolean await() {
            try {
                granted.await();
                return true;
            } catch (InterruptedException closing) {
                synchronized (this) {
                    if (granted.getCount() == 0) {
                        credits.release(1); // granted as the client closed: not used
                    }
                    abandoned = true;
                }
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * A call failed: the whole attempt is given up, the failure published, and a redial scheduled.
     * A plaintext connection the agent closed before answering is explained only after a TLS
     * handshake with the agent says whether it serves TLS (on the scheduler: the handshake blocks).
     */
    private void fail(long attempt, ConnectionFailures.Failure failure, boolean streamed, boolean refused) {
        List<ClientCallStreamObserver<SubscribeRequest>> toCancel;
        synchronized (lock) {
            if (closed || attempt != generation) {
                return;
            }
            generation++;
            toCancel = List.copyOf(streams);
            streams.clear();
            explicitStreams.clear();
        }
        cancelAll(toCancel, "restarting subscription");
        long now = clock.millis();
        if (streamed) {
            lastLiveMillis = now;
        }
        long lastLive = lastLiveMillis;
        // A refused request is no sign of a live target: asked again at the slow pace, not every 500 ms.
        boolean recentlyLive = !refused && lastLive != Long.MIN_VALUE && now - lastLive <= RECENTLY_LIVE.toMillis();
        Duration wait = backoff.next(recentlyLive);
        if (!failure.closedBeforeAnswer()) {
            redialAfter(failure.message(), wait);
            return;
        }
        scheduler.execute(() -> {
            boolean tls = TlsProbe.answersTls(config.host(), config.port(), TLS_PROBE_TIMEOUT);
            redialAfter(
                    failure.message()
                            + (tls
                                    ? " (the agent serves TLS: remove 'insecure: true' and give tls-ca)"
                                    : " (it may be stopping or starting)"),
                    wait);
        });
    }

    private void redialAfter(String message, Duration wait) {
        synchronized (lock) {
            if (closed) {
                return;
            }
        }
        publish(ConnectionPhase.FAILED, message + "; retrying in " + formatWait(wait));
        // The timer and the READY watch race for one redial: whichever claims it first dials.
        AtomicBoolean redialClaimed = new AtomicBoolean();
        scheduler.schedule(
                () -> {
                    if (redialClaimed.compareAndSet(false, true)) {
                        dial();
                    }
                },
                wait.toMillis(),
                TimeUnit.MILLISECONDS);
        redialWhenReady(redialClaimed);
    }

    /**
     * Dials at once if the channel connects before the scheduled redial. Each dial resets the
     * channel's connect back-off, so the channel tries to connect with every dial; but once it has
     * failed, gRPC's pick-first policy keeps failing new calls fast with the old error until a
     * connection is READY, so the dial that set off the successful connection attempt itself fails
     * with "connection refused", and without this the agent waited a whole further back-off.
     */
    private void redialWhenReady(AtomicBoolean redialClaimed) {
        ConnectivityState state = channel.getState(false);
        if (state == ConnectivityState.READY) {
            if (redialClaimed.compareAndSet(false, true)) {
                scheduler.execute(this::dial);
            }
        } else if (state != ConnectivityState.SHUTDOWN && !redialClaimed.get()) {
            channel.notifyWhenStateChanged(state, () -> redialWhenReady(redialClaimed));
        }
    }

    /**
     * Cancels every call, each on its own: gRPC's retry machinery can re-throw a failure of its own
     * bookkeeping from {@code cancel} (seen as "UNKNOWN: Uncaught exception in the
     * SynchronizationContext. Re-thrown." when a headless recording against a dead port ended). A
     * call being given up on needs nothing more, and the caller must still close the rest, redial,
     * or shut the channel down, so such a failure is not passed on.
     */
    static void cancelAll(List<? extends ClientCallStreamObserver<?>> calls, String why) {
        for (ClientCallStreamObserver<?> call : calls) {
            try {
                call.cancel(why, null);
            } catch (StatusRuntimeException failedWhileCancelling) {
                // Given up on anyway (see above).
            }
        }
    }

    private static String formatWait(Duration wait) {
        return wait.toMillis() < 1000
                ? wait.toMillis() + " ms"
                : String.format(Locale.ROOT, "%.1f s", wait.toMillis() / 1000.0);
    }

    @Override
    public void close() {
        List<ClientCallStreamObserver<SubscribeRequest>> toCancel;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            toCancel = List.copyOf(streams);
            streams.clear();
            explicitStreams.clear();
        }
        cancelAll(toCancel, "console closed the target");
        publish(ConnectionPhase.CLOSED, "");
        channel.shutdownNow();
        if (callbacks != null) {
            callbacks.shutdownNow(); // interrupts a wait for a credit
        }
    }
}
