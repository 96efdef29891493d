package org.planewatch.console.bench;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.planewatch.console.ingest.NotificationDecoder;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.view.FrameDriver;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.schema.EvLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.QpLeaves;

/**
 * Console ingest benchmark with a fixed scenario: {@code agents} loopback gNMI servers stream the
 * state of a 512-host, 8-plane fabric (every host's 8 plane counters per plane and 32 QPs of 8
 * leaves, the per-EV state of one drilled-down host: 32 QPs x 256 EVs x 8 leaves; every switch's
 * 8 port counters on 40 ports) as fast as HTTP/2 flow control lets them, in notifications of up to
 * 1000 updates (two pre-built rounds, alternately). The heap figure is after a full GC, less what
 * the heap held before the console started (the servers' pre-serialised rounds). The console side is the real one: a {@code GnmiTargetClient} per
 * agent, the bounded ingest queue, the state owner applying to the model and publishing snapshots
 * at 10 Hz. With {@code --ui} the main window runs too (needs a display, e.g. xvfb-run) and the
 * benchmark reports the frame work time and the pulse interval.
 *
 * {@code --rate N} paces the servers to N updates per second in all (the UI figures are meant at a
 * given ingest rate, not with every core flooded).
 *
 * <pre>java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.IngestBench [seconds] [agents] [--ui] [--rate N]</pre>
 */
public final class IngestBench {
    private static final int HOSTS = 512;
    private static final int PLANES = 8;
    private static final int UPDATES_PER_NOTIFICATION = 1000;
    private static final int QPS_PER_HOST = 32;
    /** The host whose per-EV state streams (the console subscribes to one drilled-down host's EVs). */
    private static final int DRILLED_HOST = 0;

    private static final int EVS_PER_QP = 256;

    private IngestBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 && !args[0].startsWith("--") ? Integer.parseInt(args[0]) : 20;
        int agents = args.length > 1 && !args[1].startsWith("--") ? Integer.parseInt(args[1]) : 2;
        boolean ui = Arrays.asList(args).contains("--ui");
        int rateIndex = Arrays.asList(args).indexOf("--rate");
        // Updates per second over all servers; 0: as fast as flow control lets them.
        double rate = rateIndex >= 0 && rateIndex + 1 < args.length ? Double.parseDouble(args[rateIndex + 1]) : 0;
        List<Notification> script = fabricNotifications();
        if (Arrays.asList(args).contains("--model-only")) {
            modelOnly(script, seconds);
            return;
        }
        long updatesInScript =
                script.stream().mapToLong(Notification::getUpdateCount).sum();
        System.out.printf(
                Locale.ROOT,
                "setup: %d hosts x %d planes, %d notifications of <= %d updates (%d updates per round), "
                        + "%d loopback agents, %d s%s, %s%n",
                HOSTS,
                PLANES,
                script.size(),
                UPDATES_PER_NOTIFICATION,
                updatesInScript,
                agents,
                seconds,
                ui ? ", with UI" : "",
                rate > 0 ? String.format(Locale.ROOT, "paced at %.2f M updates/s", rate / 1e6) : "unpaced");
        List<Server> servers = new ArrayList<>();
        AtomicBoolean running = new AtomicBoolean(true);
        for (int i = 0; i < agents; i++) {
            servers.add(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                    .addService(new Blaster(script, running, rate / agents).service())
                    .build()
                    .start());
        }
        // The servers keep only their serialised bytes; the message objects would be heap the real console never has.
        script = null;
        long fixturesMb = usedHeapMb();
        try (LiveSession session = new LiveSession(InstantSource.system())) {
            for (int i = 0; i < agents; i++) {
                session.add(TargetConfig.insecure(
                        "agent-" + i, "127.0.0.1", servers.get(i).getPort(), List.of("*")));
            }
            FrameDriver[] frames = new FrameDriver[1];
            if (ui) {
                BenchWindow.session = session;
                Thread fx = Thread.ofPlatform().daemon().start(() -> Application.launch(BenchWindow.class));
                while (BenchWindow.frames == null && fx.isAlive()) {
                    Thread.sleep(50);
                }
                frames[0] = BenchWindow.frames;
            }
            Thread.sleep(5000);
            if (frames[0] != null) {
                Platform.runLater(() -> {
                    frames[0].reset();
                    BenchWindow.PULSES.reset();
                });
            }
            FabricSnapshot warm = session.snapshots().latest();
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Thread.sleep(Duration.ofSeconds(seconds));
            FabricSnapshot end = session.snapshots().latest();
            double elapsed = (System.nanoTime() - t0) / 1e9;
            double coresUsed = (os.getProcessCpuTime() - cpu0) / 1e9 / elapsed;
            long applied = end.ingest().appliedUpdates() - warm.ingest().appliedUpdates();
            long dropped = end.ingest().droppedUpdates() - warm.ingest().droppedUpdates();
            System.out.printf(
                    Locale.ROOT,
                    "result: process CPU %.2f cores of %d (servers, console, UI)%n",
                    coresUsed,
                    Runtime.getRuntime().availableProcessors());
            long heapMb = usedHeapMb();
            System.out.printf(
                    Locale.ROOT,
                    "result: applied %.2f M updates/s into the model, dropped %.2f M updates/s "
                            + "(bounded queue), %d snapshots/s, %d devices, %d QPs; heap after GC %d MB, of which the console "
                            + "%d MB (%d MB were bench fixtures before it started)%n",
                    applied / elapsed / 1e6,
                    dropped / elapsed / 1e6,
                    Math.round((end.version() - warm.version()) / elapsed),
                    end.hosts().size() + end.switches().size(),
                    end.hosts().stream().mapToInt(h -> h.qps().size()).sum(),
                    heapMb,
                    heapMb - fixturesMb,
                    fixturesMb);
            if (frames[0] != null) {
                long[] work = frames[0].recentFrameNanos();
                long[] interval = BenchWindow.PULSES.intervals();
                System.out.printf(
                        Locale.ROOT,
                        "result: frame work p50 %.2f ms p99 %.2f ms max %.2f ms; pulse interval p50 %.2f ms "
                                + "p99 %.2f ms (%d frames)%n",
                        FrameStats.pct(work, 50),
                        FrameStats.pct(work, 99),
                        FrameStats.pct(work, 100),
                        FrameStats.pct(interval, 50),
                        FrameStats.pct(interval, 99),
                        frames[0].frames());
                Platform.exit();
            }
        } finally {
            running.set(false);
            servers.forEach(Server::shutdownNow);
        }
    }

    /** The state owner alone: pre-decoded notifications applied as fast as it goes, a snapshot every 100 ms. */
    private static void modelOnly(List<Notification> script, int seconds) {
        List<IngestEvent> events = new ArrayList<>();
        for (Notification n : script) {
            events.add(NotificationDecoder.decode("bench", "bench", n, 0));
        }
        var store = new TelemetryStore(InstantSource.system());
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        long applied = 0;
        long publishNanos = 0;
        long publishes = 0;
        long nextPublish = 0;
        long start = System.nanoTime();
        int round = 0;
        while (System.nanoTime() < end) {
            round++;
            for (var event : events) {
                var n = (IngestEvent.Notification) event;
                store.apply(List.of(new IngestEvent.Notification(
                        n.source(),
                        n.target(),
                        round * 1_000_000_000L,
                        n.updates(),
                        n.deletes(),
                        System.currentTimeMillis())));
                applied += n.updates().size();
                long now = System.nanoTime();
                if (now >= nextPublish) {
                    store.publish(FabricSnapshot.IngestStats.NONE);
                    publishNanos += System.nanoTime() - now;
                    publishes++;
                    nextPublish = now + 100_000_000L;
                }
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "result (model only): applied %.2f M updates/s on the state thread, %d snapshots, "
                        + "publish %.1f ms on average%n",
                applied / elapsed / 1e6,
                publishes,
                publishNanos / 1e6 / Math.max(1, publishes));
    }

    private static long usedHeapMb() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        return (runtime.totalMemory() - runtime.freeMemory()) >> 20;
    }

    /**
     * Host plane counters, host QP state, the per-EV state of one drilled-down host, and switch port
     * counters, grouped per device into notifications of at most {@link #UPDATES_PER_NOTIFICATION}.
     */
    private static List<Notification> fabricNotifications() {
        List<Notification> notifications = new ArrayList<>();
        List<String> planeLeaves = BenchLeaves.PLANE_COUNTERS;
        String[] qpLeaves = {
            QpLeaves.TX_PKTS,
            QpLeaves.RETRANSMITS,
            QpLeaves.CWND_OCTETS,
            QpLeaves.INFLIGHT_OCTETS,
            QpLeaves.SRTT_NS,
            QpLeaves.EVS_ACTIVE,
            QpLeaves.MSGS_COMPLETED
        };
        String[] evLeaves = {
            EvLeaves.PLANE,
            EvLeaves.PENALTY,
            EvLeaves.TX_PKTS,
            EvLeaves.ECN_MARKS,
            EvLeaves.TRIMS,
            EvLeaves.LOSSES,
            EvLeaves.LAST_CHANGE
        };
        List<String> portLeaves = BenchLeaves.PORT_COUNTERS;
        for (int h = 0; h < HOSTS; h++) {
            String host = "host-" + h;
            List<Update> updates = new ArrayList<>();
            for (int p = 0; p < PLANES; p++) {
                for (String leaf : planeLeaves) {
                    updates.add(update(
                            PathNames.MRC,
                            List.of(
                                    elem(PathNames.PLANES),
                                    elem(PathNames.PLANE, PathNames.ID, Integer.toString(p)),
                                    elem(PathNames.STATE),
                                    elem(leaf)),
                            p * 1000L + leaf.length()));
                }
            }
            for (int q = 0; q < QPS_PER_HOST; q++) {
                List<PathElem> state = List.of(
                        elem(PathNames.QPS),
                        elem(PathNames.QP, PathNames.QPN, Integer.toString(q)),
                        elem(PathNames.STATE));
                updates.add(update(
                        PathNames.MRC,
                        append(state, elem(QpLeaves.PEER)),
                        TypedValue.newBuilder()
                                .setStringVal("host-" + (h + 1 + q) % HOSTS)
                                .build()));
                for (String leaf : qpLeaves) {
                    updates.add(update(PathNames.MRC, append(state, elem(leaf)), q * 100L + leaf.length()));
                }
                if (h == DRILLED_HOST) {
                    for (int ev = 0; ev < EVS_PER_QP; ev++) {
                        List<PathElem> evState = List.of(
                                elem(PathNames.QPS),
                                elem(PathNames.QP, PathNames.QPN, Integer.toString(q)),
                                elem(PathNames.EVS),
                                elem(PathNames.EV, PathNames.ID, Integer.toString(ev)),
                                elem(PathNames.STATE));
                        updates.add(update(
                                PathNames.MRC,
                                append(evState, elem(EvLeaves.EXCLUSION_STATE)),
                                TypedValue.newBuilder()
                                        .setStringVal(ev % 17 == 0 ? "ASSUMED_BAD" : "GOOD")
                                        .build()));
                        for (String leaf : evLeaves) {
                            updates.add(update(
                                    PathNames.MRC,
                                    append(evState, elem(leaf)),
                                    leaf.equals(EvLeaves.PLANE) ? ev % PLANES : ev * 10L));
                        }
                    }
                }
            }
            addInNotifications(notifications, host, updates);
        }
        for (int plane = 0; plane < PLANES; plane++) {
            for (int s = 0; s < 24; s++) {
                String name = s < 16 ? "p" + plane + "-t0-" + s : "p" + plane + "-t1-" + (s - 16);
                List<Update> updates = new ArrayList<>();
                for (int port = 0; port < 40; port++) {
                    for (String leaf : portLeaves) {
                        updates.add(update(
                                "",
                                List.of(
                                        elem(PathNames.INTERFACES),
                                        elem(PathNames.INTERFACE, PathNames.NAME, "eth" + port),
                                        elem(PathNames.STATE),
                                        elem(PathNames.COUNTERS),
                                        elem(leaf)),
                                port * 100L));
                    }
                }
                addInNotifications(notifications, name, updates);
            }
        }
        return notifications;
    }

    private static void addInNotifications(List<Notification> notifications, String target, List<Update> updates) {
        for (int from = 0; from < updates.size(); from += UPDATES_PER_NOTIFICATION) {
            notifications.add(start(target)
                    .addAllUpdate(updates.subList(from, Math.min(updates.size(), from + UPDATES_PER_NOTIFICATION)))
                    .build());
        }
    }

    private static List<PathElem> append(List<PathElem> parent, PathElem leaf) {
        List<PathElem> path = new ArrayList<>(parent);
        path.add(leaf);
        return path;
    }

    private static Notification.Builder start(String target) {
        return Notification.newBuilder().setPrefix(Path.newBuilder().setTarget(target));
    }

    private static PathElem elem(String name) {
        return PathElem.newBuilder().setName(name).build();
    }

    private static PathElem elem(String name, String key, String value) {
        return PathElem.newBuilder().setName(name).putKey(key, value).build();
    }

    private static Update update(String origin, List<PathElem> elems, long value) {
        return update(origin, elems, TypedValue.newBuilder().setUintVal(value).build());
    }

    private static Update update(String origin, List<PathElem> elems, TypedValue value) {
        return Update.newBuilder()
                .setPath(Path.newBuilder().setOrigin(origin).addAllElem(elems))
                .setVal(value)
                .build();
    }

    /**
     * Streams two pre-built rounds alternately while the client keeps up. The rounds are serialized
     * once, up front, and sent as bytes (what a fast agent does with a fixed sample): the servers are
     * fixtures, and the figure this benchmark is after is the console's, not protobuf encoding's.
     * Counters alternate between two values: the console applies every update the same way, it just
     * sees resets instead of rates.
     */
    private static final class Blaster {
        private final List<byte[]> script;
        private final int[] updatesPerMessage;
        private final AtomicBoolean running;
        private final double updatesPerSecond;

        Blaster(List<Notification> base, AtomicBoolean running, double updatesPerSecond) {
            this.updatesPerSecond = updatesPerSecond;
            List<byte[]> rounds = new ArrayList<>(base.size() * 2);
            this.updatesPerMessage = new int[base.size() * 2];
            for (int round = 1; round <= 2; round++) {
                for (Notification notification : base) {
                    Notification.Builder n = notification.toBuilder().setTimestamp(1_000_000_000L * round);
                    for (int u = 0; u < n.getUpdateCount(); u++) {
                        Update.Builder update = n.getUpdateBuilder(u);
                        if (update.getVal().hasUintVal()) {
                            update.getValBuilder().setUintVal(update.getVal().getUintVal() + round * 1_000_003L);
                        }
                    }
                    updatesPerMessage[rounds.size()] = n.getUpdateCount();
                    rounds.add(
                            SubscribeResponse.newBuilder().setUpdate(n).build().toByteArray());
                }
            }
            this.script = rounds;
            this.running = running;
        }

        ServerServiceDefinition service() {
            MethodDescriptor<SubscribeRequest, byte[]> method = gNMIGrpc.getSubscribeMethod().toBuilder(
                            ProtoUtils.marshaller(SubscribeRequest.getDefaultInstance()), new EncodedBytes())
                    .build();
            return ServerServiceDefinition.builder(gNMIGrpc.SERVICE_NAME)
                    .addMethod(method, ServerCalls.asyncBidiStreamingCall(this::subscribe))
                    .build();
        }

        private StreamObserver<SubscribeRequest> subscribe(StreamObserver<byte[]> responses) {
            ServerCallStreamObserver<byte[]> stream = (ServerCallStreamObserver<byte[]>) responses;
            // Notifications are ~50 KB; with the default 32 KiB threshold every one would wait for the last.
            stream.setOnReadyThreshold(4 << 20);
            long[] cursor = {0};
            long[] sent = {0};
            long start = System.nanoTime();
            Runnable pump = () -> {
                synchronized (cursor) {
                    double budget = (System.nanoTime() - start) / 1e9 * updatesPerSecond;
                    // A stream held back by flow control does not catch up in a burst: at most 20 ms of backlog.
                    sent[0] = Math.max(sent[0], (long) (budget - updatesPerSecond * 0.02));
                    while (stream.isReady()
                            && running.get()
                            && !stream.isCancelled()
                            && (updatesPerSecond <= 0 || sent[0] < budget)) {
                        int i = (int) (cursor[0]++ % script.size());
                        stream.onNext(script.get(i));
                        sent[0] += updatesPerMessage[i];
                    }
                }
            };
            stream.setOnReadyHandler(pump);
            if (updatesPerSecond > 0) {
                var pacer = Executors.newSingleThreadScheduledExecutor(
                        Thread.ofPlatform().daemon().name("bench-pacer").factory());
                pacer.scheduleAtFixedRate(
                        () -> {
                            if (!running.get() || stream.isCancelled()) {
                                pacer.shutdown();
                            } else {
                                pump.run();
                            }
                        },
                        2,
                        2,
                        TimeUnit.MILLISECONDS);
            }
            return new StreamObserver<>() {
                @Override
                public void onNext(SubscribeRequest request) {
                    pump.run();
                }

                @Override
                public void onError(Throwable t) {}

                @Override
                public void onCompleted() {}
            };
        }
    }

    /** Sends an already serialized message as it is; gRPC frames it with its known length. */
    private static final class EncodedBytes implements MethodDescriptor.Marshaller<byte[]> {
        @Override
        public InputStream stream(byte[] value) {
            return new KnownLengthBytes(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            throw new UnsupportedOperationException("the benchmark server only sends responses");
        }
    }

    private static final class KnownLengthBytes extends ByteArrayInputStream implements KnownLength, Drainable {
        KnownLengthBytes(byte[] bytes) {
            super(bytes);
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            int length = count - pos;
            target.write(buf, pos, length);
            pos = count;
            return length;
        }
    }

    /** The real main window over the benchmark's session, so frames are measured under ingest load. */
    public static final class BenchWindow extends Application {
        static volatile LiveSession session;
        static volatile FrameDriver frames;
        static final FrameStats PULSES = new FrameStats();

        @Override
        public void start(Stage stage) {
            MainViewModel viewModel =
                    new MainViewModel(session.snapshots(), Optional.of(session), Optional.empty(), "ingest benchmark");
            stage.setScene(new Scene(new MainWindow(viewModel), 1600, 960));
            stage.show();
            PULSES.start();
            FrameDriver driver = new FrameDriver(viewModel);
            driver.start();
            frames = driver;
        }
    }
}
