package org.planewatch.console.headless;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.planewatch.console.session.FleetRecording;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.RecordingControl;
import org.planewatch.console.session.RecordingInfo;
import org.planewatch.console.session.RecordingStatus;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code planewatch record}: records a fabric without a display, in the console's format and with
 * its guarantees (one transaction per drained batch, at most one batch lost on a crash), printing
 * a progress line once a second. Stops after {@code --for}, or on Ctrl-C / SIGTERM, closing the
 * file cleanly. With {@code --kafka} (or a targets file with a {@code kafka:} entry) it records a
 * fleet from the collector tier's topics instead (ADR 0106).
 */
@Command(
        name = "planewatch record",
        mixinStandardHelpOptions = true,
        description = "Record every update from gNMI agents, or a fleet from its Kafka topics, to a .pwrec file,"
                + " headless.")
public final class RecordCommand implements Callable<Integer> {
    @Option(
            names = "--targets",
            paramLabel = "<file>",
            description = "Targets file (YAML), as the console reads it; a file with a 'kafka:' entry records that"
                    + " fleet.")
    Path targets;

    @Option(
            names = "--kafka",
            paramLabel = "<bootstrap>",
            description = "Record a fleet from the collector tier's Kafka cluster (host:port[,host:port]): its rollups,"
                    + " every exclusion decision and the raw updates of the devices in alarm (ADR 0106).")
    String kafka;

    @Option(
            names = "--kafka-property",
            paramLabel = "<key=value>",
            description = "A Kafka client property for --kafka (TLS, SASL: security.protocol=SSL, ...); repeatable.")
    List<String> kafkaProperty = new ArrayList<>();

    @Option(
            names = "--kafka-properties",
            paramLabel = "<file>",
            description = "Kafka client properties for --kafka, key=value lines (the --kafka-property options win).")
    Path kafkaProperties;

    @Option(
            names = "--lookback",
            paramLabel = "<duration>",
            converter = Durations.class,
            description = "On a fleet: decisions published this long before the start are recorded too, a device's"
                    + " raw updates from this long before its alarm to this long after it cleared (default 150s).")
    Duration lookback;

    @Option(
            names = "--kafka-timeout",
            paramLabel = "<duration>",
            converter = Durations.class,
            description = "On a fleet: how long the Kafka cluster has to answer before recording is refused"
                    + " (default 15s).")
    Duration kafkaTimeout;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "<file.pwrec>",
            description = "Recording to create (never overwritten).")
    Path out;

    @Option(
            names = "--for",
            paramLabel = "<duration>",
            converter = Durations.class,
            description = "Stop after this long, e.g. 30m (default: until interrupted).")
    Duration duration;

    @Option(
            names = "--ring",
            paramLabel = "<duration>",
            converter = Durations.class,
            description = "Keep only about this much recent history, e.g. 60m (bounded disk).")
    Duration ring;

    @Option(
            names = "--max-size",
            paramLabel = "<size>",
            converter = ByteSizes.class,
            description = "Stop when the file would grow past this size, e.g. 2G.")
    Long maxSize;

    private final InstantSource clock;
    private final PrintStream err;
    private final CountDownLatch interrupted = new CountDownLatch(1);

    public RecordCommand(InstantSource clock, PrintStream err) {
        this.clock = clock;
        this.err = err;
    }

    /** Entry point of the headless recorder: the console jar's {@code record} command runs this. */
    public static void main(String[] args) {
        System.exit(run(args, InstantSource.system(), System.out, System.err));
    }

    /** Runs {@code planewatch record ARGS}; returns the exit status (0 ok, 1 failed while recording, 2 bad input). */
    public static int run(String[] args, InstantSource clock, PrintStream out, PrintStream err) {
        RecordCommand command = new RecordCommand(clock, err);
        CommandLine line = new CommandLine(command);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        line.setParameterExceptionHandler((e, a) -> {
            err.println("planewatch record: " + e.getMessage());
            err.println("Try 'planewatch record --help'.");
            return 2;
        });
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            err.println("planewatch record: " + e.getMessage());
            return 1;
        });
        return line.execute(args);
    }

    /** Asks a running recording to stop as if its time were up (used by the shutdown hook and tests). */
    public void stop() {
        interrupted.countDown();
    }

    @Override
    public Integer call() throws Exception {
        if ((targets == null) == (kafka == null)) {
            return badInput(
                    "give either --targets <file> (agents, or a fleet's 'kafka:' entry) or --kafka <bootstrap>");
        }
        if (kafka == null && (!kafkaProperty.isEmpty() || kafkaProperties != null)) {
            return badInput("--kafka-property and --kafka-properties go with --kafka <bootstrap>");
        }
        Optional<FleetAddress> fleet;
        try {
            fleet = kafka != null
                    ? Optional.of(FleetSession.address(kafka, kafkaProperty, Optional.ofNullable(kafkaProperties)))
                    : FleetSession.addressIn(targets);
        } catch (NoSuchFileException e) {
            return badInput("no targets file at " + e.getFile());
        } catch (IOException e) {
            return badInput("cannot read targets file " + targets + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return badInput(e.getMessage());
        }
        if (fleet.isEmpty() && (lookback != null || kafkaTimeout != null)) {
            return badInput("--lookback and --kafka-timeout are for recording a fleet (--kafka)");
        }
        if (fleet.isPresent()) {
            return recordFleet(fleet.get());
        }
        List<TargetConfig> configs;
        try {
            configs = LiveSession.readTargets(targets);
        } catch (IOException e) {
            err.println("planewatch record: cannot read targets file " + targets + ": " + e.getMessage());
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("planewatch record: " + e.getMessage());
            return 2;
        }
        AtomicReference<String> stopReason = new AtomicReference<>();
        TargetReports reports =
                new TargetReports(configs.stream().map(TargetConfig::name).toList(), clock.millis());
        Thread hook = Thread.ofPlatform().unstarted(this::stop);
        try (LiveSession session = new LiveSession(clock)) {
            RecordingControl recording =
                    session.recording(new RecordingInfo(describe(configs), "", 1, version()), (file, reason) -> {
                        stopReason.set(reason);
                        interrupted.countDown();
                    });
            try {
                recording.start(out, ring == null ? 0 : ring.toMillis(), maxSize == null ? 0 : maxSize);
            } catch (SessionException e) {
                err.println("planewatch record: " + e.getMessage());
                return 2;
            }
            // Connection changes reach the state owner in its batches; they are reported as they come.
            session.addBatchListener(batch -> {
                for (IngestEvent event : batch) {
                    if (event instanceof IngestEvent.Connection c) {
                        synchronized (reports) {
                            reports.on(c).forEach(err::println);
                        }
                    }
                }
            });
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                for (TargetConfig config : configs) {
                    try {
                        session.add(config);
                    } catch (IllegalArgumentException | UncheckedIOException e) {
                        err.println("planewatch record: " + e.getMessage());
                        return 2;
                    }
                }
                progress(session, recording, reports);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // The JVM is already stopping because of the signal that ended the recording.
                }
            }
            // Closing the session records what is still queued and closes the file cleanly.
            session.close();
            RecordingStatus status = recording.lastStatus().orElseThrow();
            err.printf(
                    Locale.ROOT,
                    "recorded %d updates in %d batches to %s (%s)%n",
                    status.updates(),
                    status.batches(),
                    out,
                    ByteSizes.human(sizeOf(out)));
            err.println(session.ingestTotalsLine());
        }
        if (stopReason.get() != null) {
            err.println("planewatch record: " + stopReason.get());
            return 1;
        }
        return 0;
    }

    /** Records the fleet at {@code address} until the time is up or the command is stopped. */
    private int recordFleet(FleetAddress address) throws InterruptedException {
        AtomicReference<String> stopReason = new AtomicReference<>();
        FleetRecording recording;
        try {
            recording = FleetRecording.start(
                    address,
                    out,
                    clock,
                    lookback == null ? FleetRecording.DEFAULT_LOOKBACK : lookback,
                    kafkaTimeout == null ? FleetRecording.DEFAULT_TIMEOUT : kafkaTimeout,
                    version(),
                    ring == null ? 0 : ring.toMillis(),
                    maxSize == null ? 0 : maxSize,
                    (file, reason) -> {
                        stopReason.set(reason);
                        interrupted.countDown();
                    });
        } catch (SessionException e) {
            return badInput(e.getMessage());
        }
        err.println("recording " + address.label() + " to " + out);
        Thread hook = Thread.ofPlatform().unstarted(this::stop);
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            fleetProgress(recording);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is already stopping because of the signal that ended the recording.
            }
            recording.close();
        }
        RecordingStatus status = recording.status();
        FleetRecording.Progress read = recording.progress();
        err.printf(
                Locale.ROOT,
                "recorded %d rollup records, %d decisions and %d raw notifications in %d batches to %s (%s)%n",
                read.rollups(),
                read.decisions(),
                read.rawNotifications(),
                status.batches(),
                out,
                ByteSizes.human(sizeOf(out)));
        if (stopReason.get() != null) {
            err.println("planewatch record: " + stopReason.get());
            return 1;
        }
        if (recording.readingFailed()) {
            err.println("planewatch record: " + read.problem());
            return 1;
        }
        return 0;
    }

    /** A progress line once a second, on a fleet: what was read and how big the file is. */
    private void fleetProgress(FleetRecording recording) throws InterruptedException {
        long start = clock.millis();
        long end = duration == null ? Long.MAX_VALUE : start + duration.toMillis();
        long nextProgress = start + 1000;
        String lastProblem = "";
        while (!interrupted.await(
                        Math.clamp(Math.min(nextProgress, end) - clock.millis(), 1, 250), TimeUnit.MILLISECONDS)
                && clock.millis() < end
                && !recording.readingFailed()) {
            long now = clock.millis();
            if (now < nextProgress) {
                continue;
            }
            FleetRecording.Progress p = recording.progress();
            err.printf(
                    Locale.ROOT,
                    "recording %s  rollups %d  decisions %d  raw notifications %d  devices in alarm %d  %s  dropped %d%n",
                    elapsed(now - start),
                    p.rollups(),
                    p.decisions(),
                    p.rawNotifications(),
                    p.devicesInAlarm().size(),
                    ByteSizes.human(sizeOf(out)),
                    recording.status().droppedBatches());
            if (!p.problem().equals(lastProblem)) {
                if (!p.problem().isEmpty()) {
                    err.println("planewatch record: " + p.problem());
                }
                lastProblem = p.problem();
            }
            nextProgress = now + 1000;
        }
    }

    private int badInput(String message) {
        err.println("planewatch record: " + message);
        return 2;
    }

    /** Prints a progress line once a second until the time is up, the recording stopped or the command is stopped. */
    private void progress(LiveSession session, RecordingControl recording, TargetReports targets)
            throws InterruptedException {
        long start = clock.millis();
        long end = duration == null ? Long.MAX_VALUE : start + duration.toMillis();
        long nextProgress = start + 1000;
        long updatesAtLastProgress = 0;
        long lastProgress = start;
        while (!interrupted.await(
                        Math.clamp(Math.min(nextProgress, end) - clock.millis(), 1, 250), TimeUnit.MILLISECONDS)
                && clock.millis() < end) {
            long now = clock.millis();
            if (now < nextProgress) {
                continue;
            }
            RecordingStatus s = recording.lastStatus().orElseThrow();
            double rate = (s.updates() - updatesAtLastProgress) * 1000.0 / Math.max(1, now - lastProgress);
            synchronized (targets) {
                err.printf(
                        Locale.ROOT,
                        "recording %s  %,.0f updates/s  %s  targets live %d/%d  dropped %d%n",
                        elapsed(now - start),
                        rate,
                        ByteSizes.human(sizeOf(out)),
                        targets.live(),
                        targets.count(),
                        s.droppedBatches() + session.ingestStats().droppedNotifications());
                targets.reminders(now).forEach(err::println);
            }
            updatesAtLastProgress = s.updates();
            lastProgress = now;
            nextProgress = now + 1000;
        }
    }

    private static String elapsed(long millis) {
        long s = millis / 1000;
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    private static long sizeOf(Path file) {
        try {
            long size = Files.size(file);
            Path wal = Path.of(file + "-wal");
            return size + (Files.exists(wal) ? Files.size(wal) : 0);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String describe(List<TargetConfig> configs) {
        return String.join(
                ", ", configs.stream().map(c -> c.name() + "@" + c.address()).toList());
    }

    private static String version() {
        String version = RecordCommand.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
