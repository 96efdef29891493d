package org.planewatch.sim.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.cli.PacedRun;
import org.planewatch.sim.cli.RunOptions;
import org.planewatch.sim.cli.ScenarioExecution;
import org.planewatch.sim.cli.SimMain;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.limits.ScenarioFootprint;
import org.planewatch.sim.workload.ConnectionMatrix;
import org.planewatch.sim.workload.ConnectionMatrixReader;
import org.planewatch.sim.workload.MatrixFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: runs htsim connection matrices on a preset fabric and prints one {@code RESULT}
 * line per run; {@code --sweep} runs the reference permutations from 128 to 2048 hosts, each in a
 * fresh JVM so that sizes share neither JIT warm-up nor heap.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Runs htsim connection matrices on a preset fabric and prints RESULT lines.",
            "One matrix runs to completion and ends with exactly one line",
            "RESULT hosts=<n> wallMs=<n> events=<n> dataPkts=<n> simNs=<n> meanFctNs=<n> tailFctNs=<n> peakHeapMb=<n>",
            "--sweep prints one such line per size. Details: docs/scenarios.md#benchmarks."
        })
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--preset",
            defaultValue = FabricPresets.LEAFSPINE_16X16,
            description = "fabric preset (default: ${DEFAULT-VALUE})")
    String preset;

    @Option(names = "--matrix", paramLabel = "<file.cm>", description = "htsim connection matrix to run")
    Path matrix;

    @Option(names = "--mode", defaultValue = "uec", description = "uec (the reference's transport, one plane) or mrc")
    String mode;

    @Option(
            names = "--planes",
            paramLabel = "<P>",
            description = "planes for --mode mrc (default: " + BenchSetup.DEFAULT_MRC_PLANES + ")")
    Integer planes;

    @Option(names = "--seed", defaultValue = "1", description = "simulation seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--sweep", description = "run perm_<N>_2MB.cm for every size of --sizes from --dir")
    boolean sweep;

    @Option(
            names = "--dir",
            paramLabel = "<dir>",
            description = "reference matrices (default: sim-backend/reference/htsim "
                    + "from the working directory or above, else from the jar's directory or above)")
    Path dir;

    @Option(
            names = "--sizes",
            split = ",",
            paramLabel = "<N>",
            description = "sweep sizes (default: 128,256,512,1024,2048)")
    List<Integer> sizes = new ArrayList<>(ReferenceWorkloads.SWEEP_SIZES);

    @Option(
            names = "--runs",
            defaultValue = "1",
            description = "sweep: runs per size; the median by wall time is printed")
    int runs;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        BenchSetup setup;
        try {
            setup = setup();
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return SimMain.EXIT_BAD_INPUT;
        }
        if (sweep) {
            return sweep(setup);
        }
        if (matrix == null) {
            err.println("give --matrix <file.cm> or --sweep");
            return SimMain.EXIT_BAD_INPUT;
        }
        return runOne(setup);
    }

    private BenchSetup setup() {
        TransportMode transport = TransportMode.parse(mode);
        runOptions.validate();
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
        }
        if (sweep && matrix != null) {
            throw new IllegalArgumentException("give --matrix or --sweep, not both");
        }
        int planeCount = planes != null ? planes : transport == TransportMode.MRC ? BenchSetup.DEFAULT_MRC_PLANES : 1;
        return new BenchSetup(preset, transport, planeCount, seed);
    }

    private int runOne(BenchSetup setup) {
        PrintWriter err = spec.commandLine().getErr();
        Scenario scenario;
        try {
            ConnectionMatrix connections = ConnectionMatrixReader.read(
                    matrix, ScenarioFootprint.connectionLimit(setup.transport(), HeapBudget.ofThisJvm()));
            scenario =
                    setup.scenario(connections, matrix.getFileName().toString().replaceFirst("\\.cm$", ""));
        } catch (MatrixFormatException | IllegalArgumentException e) {
            err.println(e.getMessage());
            return SimMain.EXIT_BAD_INPUT;
        }
        try (HeapPeakMeter heap = HeapPeakMeter.start()) {
            ScenarioExecution execution;
            try {
                execution = ScenarioExecution.build(scenario);
            } catch (IllegalArgumentException e) {
                err.println(matrix + ": " + e.getMessage());
                return SimMain.EXIT_BAD_INPUT;
            }
            if (!runOptions.quiet()) {
                err.println(execution.builtLine());
                err.flush();
            }
            PacedRun.Outcome outcome = execution.run(runOptions.pacer(err), runOptions.maxSimPs(), true);
            BenchResult result = benchResult(scenario, execution.summary(), outcome, heap.peakMegabytes());
            spec.commandLine().getOut().println(result.line());
            spec.commandLine().getOut().flush();
            if (!outcome.workloadComplete()) {
                err.println("the matrix did not complete within --max-sim-us " + runOptions.maxSimUs()
                        + " us of simulated time");
                return SimMain.EXIT_RUN_FAILED;
            }
        }
        return SimMain.EXIT_OK;
    }

    private int sweep(BenchSetup setup) throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Optional<Path> located = dir != null
                ? Optional.of(dir).filter(Files::isDirectory)
                : ReferenceWorkloads.locate(Path.of(""), ReferenceWorkloads.codeDirectory());
        if (located.isEmpty()) {
            err.println(
                    dir != null
                            ? "no directory " + dir
                            : "reference matrices not found: no sim-backend/reference/htsim from the working directory or the jar; give --dir");
            return SimMain.EXIT_BAD_INPUT;
        }
        List<Path> files = new ArrayList<>();
        for (int size : sizes) {
            Path file = ReferenceWorkloads.permutation(located.get(), size);
            if (!Files.isRegularFile(file)) {
                err.println("no " + file.getFileName() + " in " + located.get());
                return SimMain.EXIT_BAD_INPUT;
            }
            files.add(file);
        }
        if (!runOptions.quiet()) {
            err.println("sweep over " + located.get() + ": sizes " + sizes + ", " + runs + " run(s) each");
            err.flush();
        }
        for (Path file : files) {
            List<BenchResult> results = new ArrayList<>();
            for (int run = 0; run < runs; run++) {
                Optional<BenchResult> result = runChild(setup, file);
                if (result.isEmpty()) {
                    return SimMain.EXIT_RUN_FAILED;
                }
                if (runs > 1) {
                    err.println("run " + (run + 1) + "/" + runs + ": "
                            + result.get().line());
                    err.flush();
                }
                results.add(result.get());
            }
            spec.commandLine()
                    .getOut()
                    .println(BenchResult.medianByWallTime(results).line());
            spec.commandLine().getOut().flush();
        }
        return SimMain.EXIT_OK;
    }

    private static BenchResult benchResult(
            Scenario scenario, RunSummary summary, PacedRun.Outcome outcome, long peakHeapMb) {
        return new BenchResult(
                scenario.fabric().hostCount(),
                outcome.wallMs(),
                summary.events(),
                summary.dataPacketsSent(),
                summary.simulatedNs(),
                summary.fct().meanNs(),
                summary.fct().maxNs(),
                peakHeapMb);
    }

    /** Runs one matrix in a fresh JVM with this JVM's java, options and class path. */
    private Optional<BenchResult> runChild(BenchSetup setup, Path file) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> !argument.startsWith("-agentlib:jdwp"))
                .forEach(command::add);
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                BenchMain.class.getName(),
                "bench",
                "--preset",
                setup.preset(),
                "--matrix",
                file.toString(),
                "--mode",
                setup.mode().name().toLowerCase(Locale.ROOT),
                "--planes",
                Integer.toString(setup.planes()),
                "--seed",
                Long.toString(setup.seed()),
                "--max-sim-us",
                Long.toString(runOptions.maxSimUs())));
        if (runOptions.quiet()) {
            command.add("--quiet");
        }
        Process child = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String resultLine = null;
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith(BenchResult.PREFIX)) {
                    resultLine = line;
                }
            }
        }
        int status = child.waitFor();
        PrintWriter err = spec.commandLine().getErr();
        if (status != 0 || resultLine == null) {
            err.println("bench of " + file + " failed (exit status " + status + ")");
            return Optional.empty();
        }
        return Optional.of(BenchResult.parse(resultLine));
    }
}
