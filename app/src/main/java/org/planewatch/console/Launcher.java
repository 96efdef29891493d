package org.planewatch.console;

/**
 * Entry point of {@code planewatch-console.jar}.
 *
 * <p>A class that extends {@link javafx.application.Application} cannot be the main class of a jar
 * that carries JavaFX on the class path (the launcher then insists on JavaFX modules), so this
 * plain class hands over to {@link PlanewatchApp}.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
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
