package org.planewatch.agent.gnmi;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Builds the gNMI error statuses; every message says what was wrong with the request. */
final class GnmiException {

    private GnmiException() {}

    static StatusRuntimeException invalidArgument(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }

    static StatusRuntimeException notFound(String message) {
        return Status.NOT_FOUND.withDescription(message).asRuntimeException();
    }

    static StatusRuntimeException unimplemented(String message) {
        return Status.UNIMPLEMENTED.withDescription(message).asRuntimeException();
    }

    static StatusRuntimeException permissionDenied(String message) {
        return Status.PERMISSION_DENIED.withDescription(message).asRuntimeException();
    }

    static StatusRuntimeException resourceExhausted(String message) {
        return Status.RESOURCE_EXHAUSTED.withDescription(message).asRuntimeException();
    }
}
