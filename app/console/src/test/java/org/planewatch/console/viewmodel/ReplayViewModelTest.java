package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingMetadata;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.record.RecordingWriter;
import org.planewatch.console.record.SyntheticTelemetry;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.session.ReplaySession;
import org.planewatch.console.session.SessionException;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;

class ReplayViewModelTest {
    private static final long START = 1_790_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void compareShowsBothInstantsAsTheEngineRebuildsThem() throws Exception {
        Path file = record("compare.pwrec");
        long a = START + 10_000;
        long b = START + 50_000;
        try (ReplayViewModel viewModel =
                new ReplayViewModel(ReplaySession.open(file, InstantSource.system(), AlarmThresholds.defaults()))) {
            ReplayComparison comparison = viewModel.compare(a, b).get(30, TimeUnit.SECONDS);
            try (RecordingReader reader = RecordingReader.open(file)) {
                ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults());
                FabricSnapshot atA = engine.snapshotAt(a);
                FabricSnapshot atB = engine.snapshotAt(b);
                assertEquals(atA.planes().size(), comparison.planes().size());
                for (int i = 0; i < atA.planes().size(); i++) {
                    assertEquals(
                            atA.planes().get(i).evsOutOfService(),
                            comparison.planes().get(i).evsOutA());
                    assertEquals(
                            atB.planes().get(i).evsOutOfService(),
                            comparison.planes().get(i).evsOutB());
                }
                assertFalse(comparison.hosts().isEmpty(), "EV states moved between A and B");
            }
        }
    }

    @Test
    void openingABadFileSaysWhatIsWrongWithIt() throws Exception {
        Path file = Files.writeString(
                dir.resolve("notes.pwrec"),
                "not a recording at all, just text that is long enough to read a header from".repeat(3));
        SessionException e = assertThrows(
                SessionException.class,
                () -> ReplaySession.open(file, InstantSource.system(), AlarmThresholds.defaults()));
        assertTrue(e.getMessage().contains("not a Planewatch recording"), e.getMessage());
    }

    private Path record(String name) throws Exception {
        Path file = dir.resolve(name);
        SyntheticTelemetry fabric = new SyntheticTelemetry(8, 6, 8, START);
        try (RecordingWriter writer = RecordingWriter.create(file, new RecordingMetadata("t", "", 1, "t"), START)) {
            writer.append(fabric.connectAll());
            for (int i = 0; i < 240; i++) {
                writer.append(fabric.nextBatch());
            }
        }
        return file;
    }
}
