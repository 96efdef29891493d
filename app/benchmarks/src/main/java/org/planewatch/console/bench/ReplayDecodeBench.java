package org.planewatch.console.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.ReplayCursor;
import org.planewatch.console.telemetry.EventColumns;

/**
 * How fast a replay's read-ahead decodes a recording, alone on one thread: the recording is read in
 * 250 ms chunks of arrival time (as {@code ReadAhead} does) from a minute in, for {@code minutes} of
 * recording, {@code rounds} times on fresh cursors; each round prints the recorded seconds decoded per
 * wall second. A replay at 100x needs 100 with room to spare, on a core it shares with the JIT and
 * the collector.
 *
 * <pre>java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.ReplayDecodeBench recording.pwrec [minutes=10] [rounds=5]</pre>
 */
public final class ReplayDecodeBench {
    private static final long CHUNK_MILLIS = 250;

    private ReplayDecodeBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: ReplayDecodeBench <recording.pwrec> [minutes=10] [rounds=5]");
            System.exit(2);
        }
        int minutes = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        try (RecordingReader reader = RecordingReader.open(Path.of(args[0]))) {
            long[] range = reader.timeRange();
            long from = range[0] + 60_000;
            long until = Math.min(range[1], from + minutes * 60_000L);
            for (int round = 1; round <= rounds; round++) {
                ReplayCursor cursor = reader.cursor();
                cursor.seek(from);
                long events = 0;
                long t0 = System.nanoTime();
                for (long t = from + CHUNK_MILLIS; t <= until; t += CHUNK_MILLIS) {
                    List<EventColumns> runs = cursor.advanceRunsTo(t);
                    for (EventColumns run : runs) {
                        events += run.size();
                    }
                }
                double wallSeconds = (System.nanoTime() - t0) / 1e9;
                double recordedSeconds = (until - from) / 1000.0;
                System.out.printf(
                        Locale.ROOT,
                        "DECODE round=%d recordedSeconds=%.0f wallSeconds=%.2f speed=%.0fx events=%d eventsPerSecond=%.0f%n",
                        round,
                        recordedSeconds,
                        wallSeconds,
                        recordedSeconds / wallSeconds,
                        events,
                        events / wallSeconds);
            }
        }
    }
}
