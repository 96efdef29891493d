package org.planewatch.console.record;

import java.nio.file.Path;

/** A recording that cannot be written or read, with a message an operator can act on. */
public class RecordingException extends Exception {
    private static final long serialVersionUID = 1L;

    public RecordingException(Path file, String problem) {
        super(file + ": " + problem);
    }

    public RecordingException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
    }
}
