package org.planewatch.console.headless;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.session.Playhead;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code planewatch diagnose}: the suspects (ADR 0095) at one instant of a recording, or after
 * watching live agents for a while, printed for a terminal or as JSON; the same ranking the
 * console shows, read from the snapshot a replay or live session publishes.
 */
@Command(
        name = "planewatch diagnose",
        mixinStandardHelpOptions = true,
        description = "Name the links and switches the exclusion decisions point at, in a recording or live.")
public final class DiagnoseCommand implements Callable<Integer> {
    private static final String NAME = "planewatch diagnose: ";
    /** A seek reads a keyframe, the batches after it and 20,000 decisions: seconds, even on a slow disk. */
    private static final long SEEK_TIMEOUT_SECONDS = 120;

    @Parameters(
            arity = "0..1",
            paramLabel = "<recording.pwrec>",
            description = "Recording to diagnose (or --targets for live agents).")
    Path recording;

    @Option(
            names = "--at",
            paramLabel = "<seconds>",
            description = "Seconds after the recording's start (default: its end).")
    Double atSeconds;

    @Option(
            names = "--targets",
            paramLabel = "<file>",
            description = "Targets file (YAML): watch these agents live instead of a recording.")
    Path targets;

    @Option(
            names = "--for",
            paramLabel = "<duration>",
            converter = Durations.class,
            description = "With --targets: watch this long, e.g. 30s, then answer.")
    Duration duration;

    @Option(names = "--json", description = "Print {\"suspects\": [...]}, best first.")
    boolean json;

    private final InstantSource clock;
    private final PrintStream out;
    private final PrintStream err;

    public DiagnoseCommand(InstantSource clock, PrintStream out, PrintStream err) {
        this.clock = clock;
        this.out = out;
        this.err = err;
    }

    /** Entry point: the console jar's {@code diagnose} command runs this. */
    public static void main(String[] args) {
        System.exit(run(args, InstantSource.system(), System.out, System.err));
    }

    /** Runs {@code planewatch diagnose ARGS}; returns the exit status (0 answered, 1 failed, 2 bad input). */
    public static int run(String[] args, InstantSource clock, PrintStream out, PrintStream err) {
        CommandLine line = new CommandLine(new DiagnoseCommand(clock, out, err));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        line.setParameterExceptionHandler((e, a) -> {
            err.println(NAME + e.getMessage());
            err.println("Try 'planewatch diagnose --help'.");
            return 2;
        });
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            err.println(NAME + e.getMessage());
            return 1;
        });
        return line.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        if ((recording == null) == (targets == null)) {
            return badInput("give either a recording or --targets <file> --for <duration>");
        }
        if (targets != null) {
            if (duration == null || duration.isZero() || duration.isNegative()) {
                return badInput("--targets needs --for <duration>, e.g. --for 30s");
            }
            if (atSeconds != null) {
                return badInput("--at is for a recording; live, the answer is at the end of --for");
            }
            return live();
        }
        if (duration != null) {
            return badInput("--for is for --targets; a recording is diagnosed --at an instant");
        }
        if (atSeconds != null && !(atSeconds >= 0)) {
            return badInput("--at must be a number of seconds from 0, not " + atSeconds);
        }
        return replay();
    }

    private int replay() throws InterruptedException {
        try (ReplaySession session = ReplaySession.open(recording, clock, AlarmThresholds.defaults())) {
            Playhead range = session.playhead();
            double lengthSeconds = (range.endMillis() - range.startMillis()) / 1000.0;
            double at = atSeconds == null ? lengthSeconds : atSeconds;
            if (at > lengthSeconds) {
                return badInput(String.format(
                        Locale.ROOT,
                        "--at %s is past the end of %s (%.1f s long)",
                        atSeconds,
                        recording,
                        lengthSeconds));
            }
            FabricSnapshot snapshot = session.snapshotAt(range.startMillis() + Math.round(at * 1000))
                    .get(SEEK_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            print(snapshot.suspects(), String.format(Locale.ROOT, "at %.1f s of %s", at, recording));
            return 0;
        } catch (SessionException e) {
            return badInput(e.getMessage());
        } catch (ExecutionException e) {
            err.println(NAME + "cannot read " + recording + " at that instant: "
                    + e.getCause().getMessage());
            return 1;
        } catch (TimeoutException e) {
            err.println(NAME + "reading " + recording + " took longer than " + SEEK_TIMEOUT_SECONDS + " s");
            return 1;
        }
    }

    private int live() throws InterruptedException {
        List<TargetConfig> configs;
        try {
            configs = LiveSession.readTargets(targets);
        } catch (IOException e) {
            return badInput("cannot read targets file " + targets + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return badInput(e.getMessage());
        }
        TargetReports reports =
                new TargetReports(configs.stream().map(TargetConfig::name).toList(), clock.millis());
        try (LiveSession session = new LiveSession(clock)) {
            session.addBatchListener(batch -> {
                for (IngestEvent event : batch) {
                    if (event instanceof IngestEvent.Connection c) {
                        synchronized (reports) {
                            reports.on(c).forEach(err::println);
                        }
                    }
                }
            });
            for (TargetConfig config : configs) {
                try {
                    session.add(config);
                } catch (IllegalArgumentException | UncheckedIOException e) {
                    return badInput(e.getMessage());
                }
            }
            Thread.sleep(duration.toMillis());
            synchronized (reports) {
                if (reports.live() == 0) {
                    err.println(NAME + "no target was live in " + seconds(duration));
                    return 1;
                }
            }
            print(session.snapshots().latest().suspects(), "after " + seconds(duration) + " of " + targets);
            return 0;
        }
    }

    private void print(List<Suspect> suspects, String when) {
        if (json) {
            out.println(SuspectJson.of(suspects));
            return;
        }
        if (suspects.isEmpty()) {
            out.println("no suspects " + when + ": no exclusion decision points at a link or switch");
            return;
        }
        out.println("suspects " + when + ", best first:");
        int rank = 1;
        for (Suspect s : suspects) {
            out.printf(
                    Locale.ROOT,
                    "%2d. %-6s %-24s plane %-2d score %8.1f  %3d hosts  %d failing / %d healthy paths  first seen %s%n",
                    rank++,
                    s.kind().word(),
                    s.name(),
                    s.plane(),
                    s.score(),
                    s.hosts(),
                    s.failingPaths(),
                    s.healthyPaths(),
                    Instant.ofEpochSecond(0, s.firstSeenNs()));
        }
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    private int badInput(String message) {
        err.println(NAME + message);
        return 2;
    }
}
