package org.planewatch.sim.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code bench}, which moved to a jar of its own (issue 17: no benchmark ships in the simulator's jar).
 * Whoever runs it here, from an old script or habit, is told where it went instead of getting picocli's
 * "unmatched argument" and the whole usage.
 */
@Command(name = "bench", hidden = true, description = "moved to planewatch-sim-bench.jar")
final class MovedCommand implements Callable<Integer> {

    static final String WHERE = "planewatch-sim: bench moved to its own jar: "
            + "java -jar sim-backend/target/planewatch-sim-bench.jar bench ...";

    @Spec
    CommandSpec spec;

    /** Whatever options came with it: they belong to the moved command. */
    @Unmatched
    List<String> ignored;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println(WHERE);
        return SimMain.EXIT_BAD_INPUT;
    }
}
