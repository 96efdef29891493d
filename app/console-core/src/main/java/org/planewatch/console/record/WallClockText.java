package org.planewatch.console.record;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Arrival times (epoch milliseconds) as the console prints them: UTC, to the millisecond. */
public final class WallClockText {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern(
                    "yyyy-MM-dd HH:mm:ss.SSS 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private WallClockText() {}

    public static String format(long epochMillis) {
        return CLOCK.format(Instant.ofEpochMilli(epochMillis));
    }
}
