package org.planewatch.console.bench.fleet;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code --flag value} pairs of a small bench's command line; anything else ends it with a message. */
final class FlagValues {
    private FlagValues() {}

    static Map<String, String> parse(String program, List<String> flags, String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!flags.contains(args[i]) || i + 1 == args.length) {
                System.err.println(program + ": '" + args[i] + "' is not one of " + flags + " with a value");
                System.exit(2);
            }
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
