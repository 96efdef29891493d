package org.planewatch.console.session;

/**
 * A session could not do what it was asked: a recording that does not open, cannot be written or
 * exported. The message is the operator's: it names the file and what is wrong with it.
 */
public final class SessionException extends Exception {
    private static final long serialVersionUID = 1L;

    public SessionException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Keeps the cause's message word for word: it already names the file and the problem. */
    static SessionException of(Exception cause) {
        return new SessionException(cause.getMessage(), cause);
    }
}
