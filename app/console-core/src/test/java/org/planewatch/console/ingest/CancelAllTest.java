package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Giving up on a subscription's calls: one that fails to cancel must not keep the others open. */
class CancelAllTest {
    /** A call whose cancel either records itself or fails the way gRPC's retry bookkeeping can. */
    private static final class Call extends ClientCallStreamObserver<Object> {
        private final boolean failsToCancel;
        private final List<String> cancelled;

        Call(boolean failsToCancel, List<String> cancelled) {
            this.failsToCancel = failsToCancel;
            this.cancelled = cancelled;
        }

        @Override
        public void cancel(String message, Throwable cause) {
            if (failsToCancel) {
                throw Status.UNKNOWN
                        .withDescription("Uncaught exception in the SynchronizationContext. Re-thrown.")
                        .asRuntimeException();
            }
            cancelled.add(message);
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setOnReadyHandler(Runnable onReadyHandler) {}

        @Override
        public void request(int count) {}

        @Override
        public void setMessageCompression(boolean enable) {}

        @Override
        public void disableAutoInboundFlowControl() {}

        @Override
        public void onNext(Object value) {}

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {}
    }

    @Test
    void aCallThatFailsToCancelDoesNotKeepTheOthersOpen() {
        List<String> cancelled = new ArrayList<>();
        GnmiTargetClient.cancelAll(
                List.of(new Call(false, cancelled), new Call(true, cancelled), new Call(false, cancelled)),
                "console closed the target");
        assertEquals(List.of("console closed the target", "console closed the target"), cancelled);
    }
}
