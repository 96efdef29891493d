package org.planewatch.console;

/**
 * Entry point of {@code planewatch-console.jar}.
 *
 * <p>A class that extends {@link javafx.application.Application} cannot be the main class of a jar
 * that carries JavaFX on the class path (the launcher then insists on JavaFX modules), so this
 * plain class hands over to {@link PlanewatchApp}. {@code record} as the first argument runs the
 * headless recorder instead, which never touches JavaFX.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("record")) {
            System.exit(org.planewatch.console.headless.RecordCommand.run(
                    java.util.Arrays.copyOfRange(args, 1, args.length), java.time.InstantSource.system(),
                    System.out, System.err));
        }
        ConsoleOptions options = ConsoleOptions.parse(args, System.err);
        if (options == null) {
            System.exit(2);
        }
        if (options.helpRequested()) {
            System.exit(0);
        }
        PlanewatchApp.launchWith(options);
    }
}
