package org.planewatch.console.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.RecordingControl;
import org.planewatch.console.session.RecordingInfo;
import org.planewatch.console.session.RecordingStatus;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.view.FrameDriver;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Recording at full rate while the console's window runs. Fixed scenario: the counters of a
 * 512-host, 8-plane fabric (8 counters per host and plane, 8 counters on 40 ports of each of the
 * 192 switches: 94,208 updates per round, in one notification per device), each counter growing
 * slowly. A feeder thread offers decoded notifications to the console's bounded ingest queue at
 * {@code rate} updates/s (0: as fast as the queue takes them); the real state owner of a live session
 * applies them and hands every batch to the session's recorder, which writes its file on its own thread; the
 * main window shows the overview, with the frame work (the view model's frame), the pulse work through
 * layout (animation, CSS, layout) and the pulse interval recorded per frame.
 * Network decoding is left out (the ingest benchmark measures it): this measures whether the
 * recorder keeps up with the state owner and what recording costs the UI. Needs a display
 * (e.g. xvfb-run).
 *
 * <pre>xvfb-run -a java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.RecordingUiBench out.pwrec [seconds=20] [rate=1000000]</pre>
 */
public final class RecordingUiBench {
    private static final int HOSTS = 512;
    private static final int PLANES = 8;
    private static final int SWITCHES_PER_PLANE = 24;
    private static final int PORTS = 40;

    private RecordingUiBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println(
                    "usage: RecordingUiBench <out.pwrec> [seconds=20] [rate updates/s=1000000, 0 = unpaced]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long rate = args.length > 2 ? Long.parseLong(args[2]) : 1_000_000;
        FrameStats.requireNew(file);
        List<Device> devices = fabric();
        LiveSession session = new LiveSession(InstantSource.system());
        RecordingControl recorder = session.recording(
                new RecordingInfo("RecordingUiBench", "", 1, "bench"),
                (stopped, reason) -> System.err.println("recording stopped: " + reason));
        recorder.start(file, 0);
        SnapshotSource store = session.snapshots();

        Window.store = store;
        CountDownLatch shown = new CountDownLatch(1);
        Window.shown = shown;
        Thread.ofPlatform().daemon().start(() -> Application.launch(Window.class));
        // A toolkit that cannot start (no display, no GTK) used to leave this waiting for ever.
        if (!shown.await(60, TimeUnit.SECONDS)) {
            System.err.println(
                    "RecordingUiBench: the window did not show within 60 s (is there a display, and GTK 3?)");
            System.exit(1);
        }

        AtomicBoolean feeding = new AtomicBoolean(true);
        AtomicLong offered = new AtomicLong();
        Thread feeder =
                Thread.ofPlatform().name("bench-feeder").start(() -> feed(devices, session, rate, feeding, offered));
        Thread.sleep(5_000);
        Platform.runLater(() -> {
            Window.frames.reset();
            Window.PULSES.reset();
        });
        long offered0 = offered.get();
        long applied0 = store.latest().ingest().appliedUpdates();
        long dropped0 = session.ingestStats().droppedUpdates();
        RecordingStatus status0 = recorder.lastStatus().orElseThrow();
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        double elapsed = (System.nanoTime() - t0) / 1e9;
        long offeredUpdates = offered.get() - offered0;
        long applied = store.latest().ingest().appliedUpdates() - applied0;
        long droppedByQueue = session.ingestStats().droppedUpdates() - dropped0;
        RecordingStatus status = recorder.lastStatus().orElseThrow();
        long[] work = Window.frames.recentFrameNanos();
        long[] interval = Window.PULSES.intervals();
        long[] pulseWork = Window.PULSES.pulseWork();
        long frames = Window.frames.frames();
        feeding.set(false);
        feeder.join();
        session.close();
        Platform.exit();
        long recorded = status.updates() - status0.updates();
        System.out.printf(
                Locale.ROOT,
                "RATE target=%s offered=%.2fM/s applied=%.2fM/s recorded=%.2fM/s droppedByIngestQueue=%.2fM/s "
                        + "recorderDroppedBatches=%d recorderError=%s%n",
                rate == 0 ? "unpaced" : Long.toString(rate),
                offeredUpdates / elapsed / 1e6,
                applied / elapsed / 1e6,
                recorded / elapsed / 1e6,
                droppedByQueue / elapsed / 1e6,
                status.droppedBatches() - status0.droppedBatches(),
                status.lastError().isEmpty() ? "none" : status.lastError());
        System.out.printf(
                Locale.ROOT,
                "FRAMES frames=%d work p50=%.2fms p99=%.2fms max=%.2fms; pulse work through layout p50=%.2fms "
                        + "p99=%.2fms max=%.2fms; pulse interval p50=%.2fms p99=%.2fms max=%.2fms%n",
                frames,
                FrameStats.pct(work, 50),
                FrameStats.pct(work, 99),
                FrameStats.pct(work, 100),
                FrameStats.pct(pulseWork, 50),
                FrameStats.pct(pulseWork, 99),
                FrameStats.pct(pulseWork, 100),
                FrameStats.pct(interval, 50),
                FrameStats.pct(interval, 99),
                FrameStats.pct(interval, 100));
        System.out.printf(
                Locale.ROOT,
                "FILE bytes=%d bytesPerRecordedUpdate=%.2f%n",
                Files.size(file),
                Files.size(file) / (double) Math.max(1, status.updates()));
        System.exit(0);
    }

    /** One device's counters: prebuilt paths, values that grow by a little every round. */
    private record Device(String target, List<TelemetryPath> paths, long[] values) {}

    private static List<Device> fabric() {
        List<String> planeLeaves = BenchLeaves.PLANE_COUNTERS;
        List<String> portLeaves = BenchLeaves.PORT_COUNTERS;
        List<Device> devices = new ArrayList<>();
        for (int h = 0; h < HOSTS; h++) {
            List<TelemetryPath> paths = new ArrayList<>();
            for (int p = 0; p < PLANES; p++) {
                for (String leaf : planeLeaves) {
                    paths.add(PlaneLeaves.state(p).child(leaf));
                }
            }
            devices.add(new Device("host-" + h, paths, new long[paths.size()]));
        }
        for (int plane = 0; plane < PLANES; plane++) {
            for (int s = 0; s < SWITCHES_PER_PLANE; s++) {
                List<TelemetryPath> paths = new ArrayList<>();
                for (int port = 0; port < PORTS; port++) {
                    for (String leaf : portLeaves) {
                        paths.add(InterfaceLeaves.counters("eth" + port).child(leaf));
                    }
                }
                String name = s < 16 ? "p" + plane + "-t0-" + s : "p" + plane + "-t1-" + (s - 16);
                devices.add(new Device(name, paths, new long[paths.size()]));
            }
        }
        return devices;
    }

    private static void feed(
            List<Device> devices, LiveSession session, long rate, AtomicBoolean feeding, AtomicLong offered) {
        long start = System.nanoTime();
        long round = 0;
        long sent = 0;
        while (feeding.get()) {
            round++;
            for (Device device : devices) {
                if (rate > 0) {
                    // Paced by sleeping, as a network thread waits for data: a spinning feeder took one of
                    // the two cores from the console it was measuring.
                    long ahead = start + (long) (sent * 1e9 / rate) - System.nanoTime();
                    if (ahead > 0) {
                        LockSupport.parkNanos(ahead);
                    }
                }
                List<TelemetryUpdate> updates = new ArrayList<>(device.paths().size());
                for (int i = 0; i < device.paths().size(); i++) {
                    // Slowly changing counters: most grow by a few units per sample, one in eight not at all.
                    device.values()[i] += (i + round) % 8 == 0 ? 0 : 1 + (i % 5);
                    updates.add(
                            new TelemetryUpdate(device.paths().get(i), new TelemetryValue.Uint(device.values()[i])));
                }
                session.offer(new IngestEvent.Notification(
                        "bench",
                        device.target(),
                        round * 1_000_000_000L,
                        updates,
                        List.of(),
                        System.currentTimeMillis()));
                sent += updates.size();
                offered.addAndGet(updates.size());
            }
        }
    }

    /** The real main window over the benchmark's store. */
    public static final class Window extends Application {
        static volatile SnapshotSource store;
        static volatile CountDownLatch shown;
        static volatile FrameDriver frames;
        static final FrameStats PULSES = new FrameStats();

        @Override
        public void start(Stage stage) {
            MainViewModel viewModel =
                    new MainViewModel(store, Optional.empty(), Optional.empty(), "recording benchmark");
            Scene scene = new Scene(new MainWindow(viewModel), 1600, 960);
            stage.setScene(scene);
            stage.show();
            PULSES.start(scene);
            frames = new FrameDriver(viewModel);
            frames.start();
            shown.countDown();
        }
    }
}
