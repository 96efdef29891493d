package org.planewatch.console;

import java.util.Arrays;
import java.util.logging.Logger;
import org.planewatch.console.headless.DiagnoseCommand;
import org.planewatch.console.headless.RecordCommand;

/**
 * Entry point of {@code planewatch-console.jar}.
 *
 * <p>A class that extends {@link javafx.application.Application} cannot be the main class of a jar
 * that carries JavaFX on the class path (the launcher then insists on JavaFX modules), so this
 * plain class hands over to {@link PlanewatchApp}. {@code record} as the first argument runs the
 * headless recorder instead, and {@code diagnose} the headless suspect ranking; neither touches JavaFX.
 */
public final class Launcher {
    /**
     * JavaFX's own logger. Held here so that the filter set on it stays: JUL keeps loggers only
     * weakly, and one collected would come back without the filter.
     */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    private Launcher() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("record")) {
            RecordCommand.main(Arrays.copyOfRange(args, 1, args.length));
        }
        if (args.length > 0 && args[0].equals("diagnose")) {
            DiagnoseCommand.main(Arrays.copyOfRange(args, 1, args.length));
        }
        ConsoleOptions options = ConsoleOptions.parse(args, System.err);
        if (options == null) {
            System.exit(2);
        }
        if (options.helpRequested()) {
            System.exit(0);
        }
        if (options.headless()) {
            drawOffScreen();
        }
        // JavaFX warns "Unsupported JavaFX configuration" at every start when it is loaded from the
        // class path, which is how this single jar carries it (see above); an operator reads that as
        // a fault. Every other JavaFX record (CSS, rendering) still reaches the log.
        JAVAFX_LOG.setFilter(
                r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
        try {
            PlanewatchApp.launchWith(options);
        } catch (RuntimeException e) {
            // Typically no display: JavaFX cannot open a window. Say so instead of a stack trace.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println(
                    "planewatch-console: cannot start the window: " + cause.getMessage()
                            + " (on a machine without a display run it under xvfb-run -a, or headless on Monocle: see docs/troubleshooting.md)");
            System.exit(1);
        }
        System.exit(PlanewatchApp.exitStatus());
    }

    /**
     * Selects JavaFX's Monocle platform with its headless screen and the software renderer, the
     * same set-up the UI tests use; the screen is made larger than the 1600x960 main window, which
     * would not fit Monocle's default 1280x800 screen.
     */
    private static void drawOffScreen() {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("headless.geometry", "1920x1200-32");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
    }
}
