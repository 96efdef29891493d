package org.planewatch.agent.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code planewatch-agent.jar}: the gNMI telemetry agent. */
@Command(
        name = "planewatch-agent",
        mixinStandardHelpOptions = true,
        version = "planewatch-agent 0.1.0",
        description = "gNMI telemetry agent for MRC hosts and switches, simulated or real.")
public final class AgentMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new AgentMain()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
