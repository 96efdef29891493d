package org.planewatch.sim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code planewatch-sim.jar}: the headless simulator commands. */
@Command(
        name = "planewatch-sim",
        mixinStandardHelpOptions = true,
        version = "planewatch-sim 0.1.0",
        description = "Packet-level simulator of a multi-plane MRC fabric.")
public final class SimMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SimMain()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
