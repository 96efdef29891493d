package org.planewatch.agent.gnmi;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.planewatch.agent.log.ClientText;

/**
 * Builds the gNMI error statuses; every message says what was wrong with the request, in at most
 * {@value ClientText#MESSAGE_LIMIT} characters (it travels in the {@code grpc-message} trailer).
 */
final class GnmiException {

    private GnmiException() {}

    static StatusRuntimeException invalidArgument(String message) {
        return Status.INVALID_ARGUMENT
                .withDescription(ClientText.capped(message, ClientText.MESSAGE_LIMIT))
                .asRuntimeException();
    }

    static StatusRuntimeException notFound(String message) {
        return Status.NOT_FOUND
                .withDescription(ClientText.capped(message, ClientText.MESSAGE_LIMIT))
                .asRuntimeException();
    }

    static StatusRuntimeException unimplemented(String message) {
        return Status.UNIMPLEMENTED
                .withDescription(ClientText.capped(message, ClientText.MESSAGE_LIMIT))
                .asRuntimeException();
    }

    static StatusRuntimeException permissionDenied(String message) {
        return Status.PERMISSION_DENIED
                .withDescription(ClientText.capped(message, ClientText.MESSAGE_LIMIT))
                .asRuntimeException();
    }

    static StatusRuntimeException resourceExhausted(String message) {
        return Status.RESOURCE_EXHAUSTED
                .withDescription(ClientText.capped(message, ClientText.MESSAGE_LIMIT))
                .asRuntimeException();
    }
}
