package org.planewatch.sim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.report.ReportWriter;
import org.planewatch.sim.report.RunReport;
import org.planewatch.sim.scenario.ScenarioException;
import org.planewatch.sim.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code run <scenario.yaml> --report <out.json>}: validate, run, report. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Validates a scenario file, runs it headless and writes a JSON report.",
            "Runs to the scenario's durationUs, or until the workload completes when that is 0.",
            "Format of scenario and report: docs/scenarios.md."
        })
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<scenario.yaml>", description = "scenario file")
    Path scenarioFile;

    @Option(names = "--report", paramLabel = "<out.json>", description = "write the JSON report here")
    Path reportFile;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--check", description = "only validate the file and print what it describes")
    boolean checkOnly;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            runOptions.validate();
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return SimMain.EXIT_BAD_INPUT;
        }
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(scenarioFile);
        } catch (ScenarioException e) {
            err.println(e.getMessage());
            return SimMain.EXIT_BAD_INPUT;
        }
        if (checkOnly) {
            out.println(scenarioFile + ": ok: " + describe(scenario));
            return SimMain.EXIT_OK;
        }
        ScenarioExecution execution;
        try {
            execution = ScenarioExecution.build(scenario);
        } catch (IllegalArgumentException e) {
            err.println(scenarioFile + ": " + e.getMessage());
            return SimMain.EXIT_BAD_INPUT;
        }
        if (!runOptions.quiet) {
            err.println(execution.builtLine());
            err.flush();
        }
        boolean untilComplete = scenario.durationNs() == 0;
        long endPs = untilComplete ? runOptions.maxSimPs() : scenario.durationNs() * 1_000;
        PacedRun.Outcome outcome = execution.run(runOptions.pacer(err), endPs, untilComplete);
        RunReport report = execution.report(outcome);
        if (reportFile != null) {
            try {
                ReportWriter.write(report, reportFile);
            } catch (IOException e) {
                err.println("cannot write the report to " + reportFile + ": " + e);
                return SimMain.EXIT_RUN_FAILED;
            }
        }
        out.println(summary(report));
        if (untilComplete && !report.workloadComplete()) {
            err.println("the workload did not complete within --max-sim-us " + runOptions.maxSimUs
                    + " us of simulated time");
        }
        return SimMain.EXIT_OK;
    }

    static String describe(Scenario scenario) {
        return String.format(
                Locale.ROOT,
                "%s: %d hosts on %d planes (%d switches), %s transport, %s workload, " + "%d faults, %s",
                scenario.name(),
                scenario.fabric().hostCount(),
                scenario.fabric().planes(),
                scenario.fabric().switchCount(),
                ScenarioExecution.transport(scenario),
                scenario.workload().type().name().toLowerCase(Locale.ROOT),
                scenario.faults().size(),
                scenario.durationNs() == 0 ? "until complete" : "for " + scenario.durationNs() / 1e3 + " us");
    }

    static String summary(RunReport report) {
        return String.format(
                Locale.ROOT,
                "%s: %.3f us simulated in %d ms, %d events, messages %d/%d, "
                        + "fct p50 %.3f us p99 %.3f us, %d EV transitions",
                report.scenario(),
                report.simulatedNs() / 1e3,
                report.wallMs(),
                report.events(),
                report.messages().completed(),
                report.messages().total(),
                report.fct().p50Ns() / 1e3,
                report.fct().p99Ns() / 1e3,
                report.evTransitions().size());
    }
}
