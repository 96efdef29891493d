package org.planewatch.console.record;

import java.nio.file.Path;

/**
 * A recording console stand-in, run as its own process by {@link RecorderCrashTest}: records
 * synthetic batches every 50 ms and prints the number of committed batches as they grow, until
 * it is killed.
 */
public final class RecordingChild {
    private RecordingChild() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long start = System.currentTimeMillis();
        SyntheticTelemetry fabric = new SyntheticTelemetry(11, 8, 8, start);
        Recorder recorder = Recorder.start(
                file,
                new RecordingMetadata("crash test", "", 1, "test"),
                System::currentTimeMillis,
                0,
                0,
                (f, reason) -> System.out.println("stopped " + reason));
        recorder.onBatch(fabric.connectAll());
        long reported = 0;
        while (true) {
            recorder.onBatch(fabric.nextBatch());
            Thread.sleep(50);
            long committed = recorder.status().batches();
            if (committed != reported) {
                reported = committed;
                System.out.println("committed " + committed);
                System.out.flush();
            }
        }
    }
}
