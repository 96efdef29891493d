package org.planewatch.console.ingest;

/**
 * A Subscribe response that is not a valid gNMI message: says what is wrong and at which byte of
 * the message, so the connection's failure line tells the operator which agent sends garbage and how.
 */
public final class MalformedResponseException extends RuntimeException {
    public MalformedResponseException(String message) {
        super(message);
    }
}
