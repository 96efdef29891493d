package org.planewatch.sim.cli;

import java.util.Locale;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.report.RunReport;
import org.planewatch.sim.report.RunReports;

/** One scenario's simulation as the commands drive it: paced runs, then a report or (for the bench) a summary. */
public final class ScenarioExecution implements RunnableSimulation {

    private final Scenario scenario;
    private final Simulation simulation;
    private final long buildMs;

    private ScenarioExecution(Scenario scenario, Simulation simulation, long buildMs) {
        this.scenario = scenario;
        this.simulation = simulation;
        this.buildMs = buildMs;
    }

    /** @throws IllegalArgumentException when the simulation refuses the scenario */
    public static ScenarioExecution build(Scenario scenario) {
        long start = System.nanoTime();
        Simulation simulation = Simulation.build(scenario);
        return new ScenarioExecution(scenario, simulation, (System.nanoTime() - start) / 1_000_000);
    }

    /** One line for stderr: what was built and how long it took (and over which planes ECMP hashes). */
    public String builtLine() {
        String ecmp = scenario.transport().mode() == TransportMode.ECMP
                        && scenario.fabric().planes() > 1
                ? ", " + transport(scenario) + " transport"
                : "";
        return scenario.name() + ": built " + scenario.fabric().hostCount() + " hosts, "
                + scenario.fabric().switchCount() + " switches in " + buildMs + " ms" + ecmp;
    }

    /** The transport mode, and for the ECMP baseline on several planes which ones its flows use (ADR 0097). */
    static String transport(Scenario scenario) {
        String mode = scenario.transport().mode().name().toLowerCase(Locale.ROOT);
        if (scenario.transport().mode() != TransportMode.ECMP
                || scenario.fabric().planes() == 1) {
            return mode;
        }
        return mode
                + (scenario.transport().ecmpAllPlanes()
                        ? " (each flow hashed to one of " + scenario.fabric().planes() + " planes)"
                        : " (every flow on plane 0 only)");
    }

    public PacedRun.Outcome run(PacedRun pacer, long endPs, boolean stopWhenComplete) {
        return pacer.run(this, endPs, stopWhenComplete);
    }

    RunReport report(PacedRun.Outcome outcome) {
        return RunReports.from(scenario, simulation.summary(), buildMs, outcome.wallMs(), outcome.workloadComplete());
    }

    public RunSummary summary() {
        return simulation.summary();
    }

    @Override
    public long nowPs() {
        return simulation.nowPs();
    }

    @Override
    public void advance(long timePs, boolean stopWhenComplete) {
        if (stopWhenComplete) {
            simulation.runToCompletion(timePs);
            if (simulation.workloadComplete()) {
                return;
            }
        }
        simulation.runUntil(timePs);
    }

    @Override
    public boolean workloadComplete() {
        return simulation.workloadComplete();
    }

    @Override
    public long eventsProcessed() {
        return simulation.eventsProcessed();
    }

    @Override
    public RunSummary.Messages messages() {
        return simulation.summary().messages();
    }
}
