package org.planewatch.console.ingest;

import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.planewatch.console.telemetry.FaultControl;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.SimLeaves;

/**
 * Fault injection through gNMI Set on the simulator's {@code sim:} config leaves. The agent decides
 * whether it allows it: a refusal comes back as the failed future's message, in the agent's words.
 */
public final class GnmiFaultControl implements FaultControl, AutoCloseable {
    private final ManagedChannel channel;
    private final gNMIGrpc.gNMIBlockingStub stub;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("planewatch-fault-injection").factory());

    public GnmiFaultControl(TargetConfig target) {
        this.channel = Grpc.newChannelBuilderForAddress(
                        target.host(), target.port(), GnmiTargetClient.credentials(target))
                .build();
        this.stub = gNMIGrpc.newBlockingStub(channel);
    }

    @Override
    public CompletableFuture<Void> setLink(String link, boolean up) {
        return set(
                SimLeaves.linkConfig(link).child(SimLeaves.ADMIN_STATE),
                TypedValue.newBuilder().setStringVal(up ? "UP" : "DOWN").build());
    }

    @Override
    public CompletableFuture<Void> rebootSwitch(String switchName, Duration down) {
        return set(
                SimLeaves.switchConfig(switchName).child(SimLeaves.REBOOT),
                TypedValue.newBuilder().setUintVal(down.toNanos()).build());
    }

    @Override
    public CompletableFuture<Void> setPlane(int plane, boolean up) {
        return set(
                SimLeaves.planeConfig(plane).child(SimLeaves.ADMIN_STATE),
                TypedValue.newBuilder().setStringVal(up ? "UP" : "DOWN").build());
    }

    private CompletableFuture<Void> set(TelemetryPath path, TypedValue value) {
        Path wire = NotificationDecoder.encode(path);
        // The simulator's config leaves belong to the whole fabric, which an aggregating agent serves as '*'.
        SetRequest request = SetRequest.newBuilder()
                .setPrefix(Path.newBuilder().setTarget("*"))
                .addUpdate(Update.newBuilder().setPath(wire).setVal(value))
                .build();
        return CompletableFuture.runAsync(
                () -> {
                    try {
                        stub.withDeadlineAfter(5, TimeUnit.SECONDS).set(request);
                    } catch (StatusRuntimeException e) {
                        throw new IllegalStateException(
                                e.getStatus().getCode() + ": " + e.getStatus().getDescription(), e);
                    }
                },
                executor);
    }

    @Override
    public void close() {
        executor.shutdownNow();
        channel.shutdownNow();
    }
}
