package org.planewatch.console.record;

import java.nio.file.Path;

/** The disk (or the file's size limit) is full: recording stops, what was committed stays readable. */
public final class RecordingFullException extends RecordingException {
    private static final long serialVersionUID = 1L;

    RecordingFullException(Path file, Throwable cause) {
        super(
                file,
                "the disk is full or the recording reached its size limit; recording stopped (everything recorded so far is kept)",
                cause);
    }
}
