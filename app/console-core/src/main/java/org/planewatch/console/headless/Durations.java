package org.planewatch.console.headless;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads "250ms", "90s", "30m", "2h" from the command line. */
final class Durations implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Override
    public Duration convert(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a duration: write a whole number and a unit, e.g. 90s, 30m or 2h");
        }
        long amount = Long.parseLong(m.group(1));
        Duration duration = switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
        if (duration.isZero()) {
            throw new CommandLine.TypeConversionException("'" + text + "' is zero: a duration must be positive");
        }
        return duration;
    }
}
