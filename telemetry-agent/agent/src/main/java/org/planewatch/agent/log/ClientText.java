package org.planewatch.agent.log;

/**
 * Client input as it may appear in a status message or a log line: its start and its length. A
 * 100 KB path echoed whole into {@code grpc-message} made a trailer larger than grpc-js accepts (its
 * connection stalled) and a log line nobody can read.
 */
public final class ClientText {

    /** Characters of client input shown. */
    public static final int SHOWN = 200;
    /** Longest status message or log value the agent writes, whatever it holds. */
    public static final int MESSAGE_LIMIT = 1_000;

    private ClientText() {}

    /** {@code value} as text, cut to {@value #SHOWN} characters plus {@code "... (N chars)"}. */
    public static String shown(Object value) {
        return capped(String.valueOf(value), SHOWN);
    }

    /** {@code text} cut to {@code limit} characters plus {@code "... (N chars)"} when longer. */
    public static String capped(String text, int limit) {
        if (text == null || text.length() <= limit) {
            return text;
        }
        int end = limit;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--; // never half a character
        }
        return text.substring(0, end) + "... (" + text.length() + " chars)";
    }
}
