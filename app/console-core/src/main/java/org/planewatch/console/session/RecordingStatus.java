package org.planewatch.console.session;

import java.nio.file.Path;
import org.planewatch.console.record.Recorder;

/**
 * How a recording is going (or went, once stopped).
 *
 * @param droppedBatches batches the recorder could not take (its queue was full)
 * @param lastError the last write error, empty when there was none
 */
public record RecordingStatus(
        boolean recording,
        Path file,
        long batches,
        long updates,
        long dataBytes,
        long droppedBatches,
        String lastError) {
    static RecordingStatus of(Recorder.Status s) {
        return new RecordingStatus(
                s.recording(), s.file(), s.batches(), s.updates(), s.dataBytes(), s.droppedBatches(), s.lastError());
    }
}
