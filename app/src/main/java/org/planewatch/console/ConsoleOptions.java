package org.planewatch.console;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Command line of the console, parsed once at start-up into an immutable record. */
public record ConsoleOptions(
        Optional<Path> screenshot, Optional<Double> exitAfterSeconds, boolean helpRequested) {

    @Command(
            name = "planewatch-console",
            mixinStandardHelpOptions = true,
            description = "Planewatch operations console for MRC training fabrics.")
    static final class Arguments {
        @Option(
                names = "--screenshot",
                paramLabel = "<file.png>",
                description = "Save a PNG of the window (after --exit-after, or 2 s) and exit.")
        Path screenshot;

        @Option(
                names = "--exit-after",
                paramLabel = "<seconds>",
                description = "Close the console after this many seconds.")
        Double exitAfterSeconds;
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
                return new ConsoleOptions(Optional.empty(), Optional.empty(), true);
            }
        } catch (CommandLine.ParameterException e) {
            errWriter.println("planewatch-console: " + e.getMessage());
            commandLine.usage(errWriter);
            return null;
        }
        if (arguments.exitAfterSeconds != null && !(arguments.exitAfterSeconds > 0)) {
            errWriter.println(
                    "planewatch-console: --exit-after must be a positive number of seconds, got "
                            + arguments.exitAfterSeconds);
            return null;
        }
        return new ConsoleOptions(
                Optional.ofNullable(arguments.screenshot),
                Optional.ofNullable(arguments.exitAfterSeconds),
                false);
    }
}
