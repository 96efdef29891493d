package org.planewatch.telemetry.path;

/** A path string that is not valid gNMI path syntax; the message says what and where. */
public final class PathSyntaxException extends IllegalArgumentException {

    public PathSyntaxException(String path, int position, String problem) {
        super("bad path '" + path + "' at character " + (position + 1) + ": " + problem);
    }
}
