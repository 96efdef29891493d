package org.planewatch.console.headless;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads "512M", "2G", "1048576" and prints sizes for people. */
final class ByteSizes implements CommandLine.ITypeConverter<Long> {
    private static final Pattern FORM = Pattern.compile("(\\d+)([KMGT]?)B?", Pattern.CASE_INSENSITIVE);

    @Override
    public Long convert(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a size: write e.g. 512M or 2G");
        }
        long amount = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        return amount << shift;
    }

    static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
