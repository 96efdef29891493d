package org.planewatch.console.telemetry;

/** {@code host:port}, {@code [v6]:port}, or a bare host meaning the gNMI port 9339. */
public record TargetAddress(String host, int port) {
    public static final int GNMI_PORT = 9339;

    public static TargetAddress parse(String text) {
        String value = text == null ? "" : text.strip();
        if (value.isEmpty()) {
            throw new IllegalArgumentException("address is empty (expected host:port)");
        }
        String host;
        String port;
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("address '" + value + "': missing ']' after the IPv6 host");
            }
            host = value.substring(1, close);
            port = value.length() > close + 1 && value.charAt(close + 1) == ':' ? value.substring(close + 2) : "";
        } else {
            int colon = value.lastIndexOf(':');
            if (colon != value.indexOf(':')) {
                throw new IllegalArgumentException("address '" + value + "': write IPv6 hosts in brackets, [::1]:9339");
            }
            host = colon < 0 ? value : value.substring(0, colon);
            port = colon < 0 ? "" : value.substring(colon + 1);
        }
        if (host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("address '" + value + "': host is missing or contains spaces");
        }
        if (port.isEmpty()) {
            return new TargetAddress(host, GNMI_PORT);
        }
        try {
            int number = Integer.parseInt(port);
            if (number < 1 || number > 65535) {
                throw new NumberFormatException();
            }
            return new TargetAddress(host, number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "address '" + value + "': port '" + port + "' is not a number in 1..65535");
        }
    }
}
