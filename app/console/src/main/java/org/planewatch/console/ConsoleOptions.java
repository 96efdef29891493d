package org.planewatch.console;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.planewatch.console.session.FleetSession;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.viewmodel.ViewId;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Command line of the console, parsed once at start-up into an immutable record. */
public record ConsoleOptions(
        boolean demo,
        Optional<Path> targetsFile,
        ViewId view,
        Optional<String> select,
        boolean lightTheme,
        Optional<Path> screenshot,
        Optional<Double> exitAfterSeconds,
        Optional<Path> replay,
        Optional<Path> record,
        Optional<Double> replayAtSeconds,
        boolean smokeTest,
        boolean headless,
        boolean helpRequested,
        Optional<FleetAddress> fleet) {

    @Command(
            name = "planewatch-console",
            mixinStandardHelpOptions = true,
            description = "Planewatch operations console for MRC training fabrics. Without a source option it starts "
                    + "the embedded demo.")
    static final class Arguments {
        @Option(
                names = "--demo",
                description = "Run the embedded demo: a simulated fabric served over gNMI on loopback.")
        boolean demo;

        @Option(
                names = "--targets",
                paramLabel = "<file.yaml>",
                description = "Connect to the agents listed in this file.")
        Path targets;

        @Option(
                names = "--kafka",
                paramLabel = "<bootstrap>",
                description = "Show a whole fleet from the collector tier's Kafka cluster (host:port[,host:port]):"
                        + " the rollups, and the raw updates of the device drilled into (ADR 0102).")
        String kafka;

        @Option(
                names = "--kafka-property",
                paramLabel = "<key=value>",
                description =
                        "A Kafka client property for --kafka (TLS, SASL: security.protocol=SSL, ...); repeatable.")
        List<String> kafkaProperty = new ArrayList<>();

        @Option(
                names = "--kafka-properties",
                paramLabel = "<file>",
                description =
                        "Kafka client properties for --kafka, key=value lines (the --kafka-property options win).")
        Path kafkaProperties;

        @Option(
                names = "--view",
                paramLabel = "<name>",
                description = "View to open: overview, plane, trims, exclusions, alarms, host, switch, targets.")
        String view;

        @Option(
                names = "--select",
                paramLabel = "<name>",
                description = "Open this host, switch, link (a~b) or plane (p3) once the fabric is known.")
        String select;

        @Option(names = "--light", description = "Start with the light theme.")
        boolean light;

        @Option(
                names = "--screenshot",
                paramLabel = "<file.png>",
                description = "Save a PNG of the window (after --exit-after, or 2 s) and exit.")
        Path screenshot;

        @Option(
                names = "--replay",
                paramLabel = "<file.pwrec>",
                description = "Open this recording for replay (read-only) instead of a live source.")
        Path replay;

        @Option(
                names = "--at",
                paramLabel = "<seconds>",
                description = "With a replay: start this many seconds after the recording's beginning.")
        Double at;

        @Option(
                names = "--record",
                paramLabel = "<file.pwrec>",
                description = "Record everything the console receives to this new file.")
        Path record;

        @CommandLine.Parameters(
                arity = "0..1",
                paramLabel = "<file.pwrec>",
                description = "A recording to replay (what opening a .pwrec file from the desktop does).")
        Path positionalRecording;

        @Option(
                names = "--exit-after",
                paramLabel = "<seconds>",
                description =
                        "Close the console after this many seconds (with --smoke-test: the longest wait for live data).")
        Double exitAfterSeconds;

        @Option(
                names = "--smoke-test",
                description = "Check this installation: run the embedded demo (or, with --kafka, read the fleet until "
                        + "the whole fabric is in and live), wait for a frame drawn from live data, save it (to "
                        + "--screenshot, else a temporary file) and exit 0; exit 1 with the reason if that fails or "
                        + "takes longer than --exit-after (default 60 s).")
        boolean smokeTest;

        @Option(
                names = "--headless",
                description =
                        "Draw off-screen (JavaFX Monocle) instead of opening a window, so that no display is needed; "
                                + "for --smoke-test and --screenshot on servers and in CI.")
        boolean headless;
    }

    /**
     * Parses {@code args}; prints a usage error to {@code err} and returns {@code null} when they
     * are wrong.
     */
    public static ConsoleOptions parse(String[] args, PrintStream err) {
        Arguments arguments = new Arguments();
        CommandLine commandLine = new CommandLine(arguments);
        PrintWriter errWriter = new PrintWriter(err, true);
        commandLine.setErr(errWriter);
        try {
            CommandLine.ParseResult result = commandLine.parseArgs(args);
            if (result.isUsageHelpRequested() || result.isVersionHelpRequested()) {
                commandLine.usage(new PrintWriter(System.out, true));
                return new ConsoleOptions(
                        false,
                        Optional.empty(),
                        ViewId.OVERVIEW,
                        Optional.empty(),
                        false,
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        false,
                        false,
                        true,
                        Optional.empty());
            }
        } catch (CommandLine.ParameterException e) {
            errWriter.println("planewatch-console: " + e.getMessage());
            commandLine.usage(errWriter);
            return null;
        }
        if (arguments.exitAfterSeconds != null && !(arguments.exitAfterSeconds > 0)) {
            errWriter.println("planewatch-console: --exit-after must be a positive number of seconds, got "
                    + arguments.exitAfterSeconds);
            return null;
        }
        if (arguments.kafka == null && (!arguments.kafkaProperty.isEmpty() || arguments.kafkaProperties != null)) {
            errWriter.println(
                    "planewatch-console: --kafka-property and --kafka-properties go with --kafka <bootstrap>");
            return null;
        }
        if (arguments.kafka != null && (arguments.demo || arguments.targets != null)) {
            errWriter.println(
                    "planewatch-console: --kafka shows a fleet; it cannot be combined with --demo or --targets"
                            + " (put a 'kafka:' entry in the targets file instead)");
            return null;
        }
        if (arguments.demo && arguments.targets != null) {
            errWriter.println("planewatch-console: --demo and --targets exclude each other; choose one source");
            return null;
        }
        if (arguments.replay != null && arguments.positionalRecording != null) {
            errWriter.println("planewatch-console: give the recording once, either as --replay or as the argument");
            return null;
        }
        Path replay = arguments.replay != null ? arguments.replay : arguments.positionalRecording;
        if (replay != null
                && (arguments.demo
                        || arguments.targets != null
                        || arguments.record != null
                        || arguments.kafka != null)) {
            errWriter.println(
                    "planewatch-console: a replay shows a recording; it cannot be combined with --demo, --targets, --kafka"
                            + " or --record");
            return null;
        }
        // Only now the targets file is read (for a 'kafka:' entry): a combination refused above is said
        // as such, not as a file that could not be read.
        Optional<FleetAddress> fleet = Optional.empty();
        try {
            if (arguments.kafka != null) {
                fleet = Optional.of(FleetSession.address(
                        arguments.kafka, arguments.kafkaProperty, Optional.ofNullable(arguments.kafkaProperties)));
            } else if (arguments.targets != null) {
                fleet = FleetSession.addressIn(arguments.targets);
            }
        } catch (NoSuchFileException e) {
            errWriter.println("planewatch-console: no targets file at " + e.getFile());
            return null;
        } catch (IllegalArgumentException | IOException e) {
            errWriter.println("planewatch-console: " + e.getMessage());
            return null;
        }
        if (arguments.smokeTest && (replay != null || arguments.targets != null)) {
            errWriter.println(
                    "planewatch-console: --smoke-test checks the console on its embedded demo or a fleet; it cannot be combined with --targets or a replay");
            return null;
        }
        if (arguments.at != null && (replay == null || !(arguments.at >= 0))) {
            errWriter.println("planewatch-console: --at needs a replay and a number of seconds >= 0");
            return null;
        }
        ViewId view = ViewId.OVERVIEW;
        if (arguments.view != null) {
            try {
                view = ViewId.fromCliName(arguments.view);
            } catch (IllegalArgumentException e) {
                errWriter.println("planewatch-console: --view: " + e.getMessage());
                return null;
            }
        }
        return new ConsoleOptions(
                (arguments.demo || arguments.targets == null) && fleet.isEmpty(),
                fleet.isPresent() ? Optional.empty() : Optional.ofNullable(arguments.targets),
                view,
                Optional.ofNullable(arguments.select),
                arguments.light,
                Optional.ofNullable(arguments.screenshot),
                Optional.ofNullable(arguments.exitAfterSeconds),
                Optional.ofNullable(replay),
                Optional.ofNullable(arguments.record),
                Optional.ofNullable(arguments.at),
                arguments.smokeTest,
                arguments.headless,
                false,
                fleet);
    }
}
