package org.planewatch.agent.gnmi;

import com.google.protobuf.ByteString;
import io.grpc.Context;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;
import org.planewatch.agent.backend.ConfigWriteException;
import org.planewatch.agent.backend.ConfigWriter;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.agent.backend.LeafTable;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.log.ClientText;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.gnmi.ext.Extension;
import org.planewatch.gnmi.ext.ExtensionID;
import org.planewatch.gnmi.ext.RegisteredExtension;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.CapabilityResponse;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.GetResponse;
import org.planewatch.gnmi.proto.ModelData;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.SetResponse;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.gnmi.proto.UpdateResult;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LeafDefinition;
import org.planewatch.telemetry.schema.LeafKind;
import org.planewatch.telemetry.schema.ModelInfo;
import org.planewatch.telemetry.schema.TelemetrySchema;
import org.planewatch.telemetry.value.TelemetryValue;

/** The gNMI service over one {@link TelemetryBackend}: Capabilities, Get, Set (config leaves only), Subscribe. */
public final class GnmiService extends gNMIGrpc.gNMIImplBase {

    public static final String GNMI_VERSION = "0.10.0";

    private final TelemetrySchema schema = TelemetrySchema.get();
    private final SubscribeEnvironment env;

    public GnmiService(
            TelemetryBackend backend,
            GnmiOptions options,
            AgentStats stats,
            ScheduledExecutorService scheduler,
            Executor drainExecutor,
            LongSupplier wallNanos,
            StructuredLog log) {
        this.env = new SubscribeEnvironment(
                new DeviceReader(backend, stats),
                options,
                stats,
                scheduler,
                drainExecutor,
                wallNanos,
                log,
                new ChangeRouter(backend),
                new SharedSelections());
    }

    @Override
    public void capabilities(CapabilityRequest request, StreamObserver<CapabilityResponse> response) {
        CapabilityResponse.Builder out = CapabilityResponse.newBuilder()
                .setGNMIVersion(GNMI_VERSION)
                .addSupportedEncodings(Encoding.PROTO)
                .addSupportedEncodings(Encoding.JSON_IETF)
                .addSupportedEncodings(Encoding.JSON);
        Set<ModelInfo> models = new LinkedHashSet<>(List.of(
                ModelInfo.OPENCONFIG_INTERFACES,
                ModelInfo.OPENCONFIG_IF_ETHERNET,
                ModelInfo.OPENCONFIG_QOS,
                ModelInfo.OPENCONFIG_LLDP,
                ModelInfo.PLANEWATCH_MRC));
        models.addAll(env.reader().backend().extraModels());
        for (ModelInfo m : models) {
            out.addSupportedModels(ModelData.newBuilder()
                    .setName(m.name())
                    .setOrganization(m.organization())
                    .setVersion(m.version()));
        }
        Map<String, String> notes = env.reader().backend().capabilityNotes();
        if (!notes.isEmpty()) {
            StringBuilder text = new StringBuilder();
            notes.forEach((k, v) ->
                    text.append(text.isEmpty() ? "" : " ").append(k).append('=').append(v));
            out.addExtension(Extension.newBuilder()
                    .setRegisteredExt(RegisteredExtension.newBuilder()
                            .setId(ExtensionID.EID_EXPERIMENTAL)
                            .setMsg(ByteString.copyFrom(text.toString(), StandardCharsets.UTF_8))));
        }
        response.onNext(out.build());
        response.onCompleted();
    }

    @Override
    public void get(GetRequest request, StreamObserver<GetResponse> response) {
        try {
            response.onNext(answer(request));
            response.onCompleted();
        } catch (SelectionBudget.Cancelled e) {
            response.onError(Status.CANCELLED
                    .withDescription("the client cancelled the Get")
                    .asRuntimeException());
        } catch (StatusRuntimeException e) {
            response.onError(e);
        } catch (IllegalArgumentException e) {
            response.onError(GnmiException.invalidArgument(e.getMessage()));
        }
    }

    private GetResponse answer(GetRequest request) {
        ProtoCodec.requireSupported(request.getEncoding());
        if (request.getPathCount() == 0 && request.getPrefix().getElemCount() == 0) {
            throw GnmiException.invalidArgument("GetRequest names no path");
        }
        RequestLimits.requirePaths(request.getPathCount(), "paths in the GetRequest", env.options());
        List<PathPattern> patterns = new ArrayList<>();
        List<Path> asked = request.getPathCount() == 0 ? List.of(Path.getDefaultInstance()) : request.getPathList();
        for (Path p : asked) {
            PathPattern pattern = new PathPattern(ProtoCodec.join(request.getPrefix(), p));
            RequestLimits.requireInSchema(pattern);
            patterns.add(pattern);
        }
        String requested = request.getPrefix().getTarget();
        List<String> targets = env.reader().resolve(requested);
        SelectionIndex index = new SelectionIndex(patterns);
        Context call = Context.current();
        SelectionBudget budget = new SelectionBudget(
                env.options().maxSelectionSteps(),
                call::isCancelled,
                () -> "selecting the leaves of " + patterns.size() + " paths on " + targets.size()
                        + " targets took more than "
                        + env.options().maxSelectionSteps() + " steps beyond " + SelectionBudget.STEPS_PER_LEAF
                        + " per leaf, the agent's limit (--max-selection-steps): "
                        + "narrow the paths or the targets, or split the request");
        boolean[] found = new boolean[patterns.size()];
        Map<LeafLayout, int[]> byLayout = new HashMap<>();
        GetResponse.Builder out = GetResponse.newBuilder();
        for (String target : targets) {
            Notification.Builder n = Notification.newBuilder();
            String shown = requested.equals(DeviceReader.ALL_TARGETS) ? target : requested;
            if (!shown.isEmpty()) {
                n.setPrefix(Path.newBuilder().setTarget(shown));
            }
            budget.checkCancelled();
            DeviceReader.LeafVisitor add = (path, value, timestampNs) -> {
                if (!wantedType(request.getType(), path)) {
                    return;
                }
                int[] selecting = index.selecting(path, budget);
                if (selecting.length == 0) {
                    return;
                }
                for (int i : selecting) {
                    found[i] = true;
                }
                n.addUpdate(Update.newBuilder()
                        .setPath(ProtoCodec.toProto(path))
                        .setVal(ProtoCodec.toProto(value, request.getEncoding())));
            };
            long timestamp;
            if (env.reader().read(target) instanceof DeviceSnapshot device
                    && device.leaves() instanceof LeafTable table) {
                // Devices of one shape share a layout: its leaves are selected once per request, and a
                // Get of one leaf on every device of the full fabric reads that leaf, not 170 million.
                int[] chosen = byLayout.computeIfAbsent(table.layout(), layout -> {
                    List<Integer> picked = new ArrayList<>();
                    for (int i = 0; i < layout.size(); i++) {
                        TelemetryPath path = layout.path(i);
                        if (wantedType(request.getType(), path) && index.selecting(path, budget).length > 0) {
                            picked.add(i);
                        }
                    }
                    return picked.stream().mapToInt(Integer::intValue).toArray();
                });
                for (int i : chosen) {
                    add.leaf(table.layout().path(i), table.value(i), device.timestampNs());
                }
                env.reader().visitAgentLeaves(device.timestampNs(), add);
                timestamp = device.timestampNs();
            } else {
                timestamp = env.reader().visit(target, add);
            }
            n.setTimestamp(timestamp);
            if (n.getUpdateCount() > 0) {
                out.addNotification(n);
            }
        }
        for (int i = 0; i < found.length; i++) {
            if (!found[i]) {
                throw GnmiException.notFound("no data at " + ClientText.shown(patterns.get(i)) + " on "
                        + (targets.size() == 1
                                ? "target '" + ClientText.shown(targets.getFirst()) + "'"
                                : "any of " + targets.size() + " targets"));
            }
        }
        return out.build();
    }

    private boolean wantedType(GetRequest.DataType type, TelemetryPath leaf) {
        boolean config = schema.find(leaf).map(d -> d.kind() == LeafKind.CONFIG).orElse(false);
        return switch (type) {
            case CONFIG -> config;
            case STATE, OPERATIONAL -> !config;
            default -> true;
        };
    }

    @Override
    public void set(SetRequest request, StreamObserver<SetResponse> response) {
        try {
            response.onNext(apply(request));
            response.onCompleted();
        } catch (StatusRuntimeException e) {
            response.onError(e);
        } catch (IllegalArgumentException e) {
            response.onError(GnmiException.invalidArgument(e.getMessage()));
        }
    }

    /** Only CONFIG leaves of the schema are writable (the simulator's); every write is checked before any applies. */
    private SetResponse apply(SetRequest request) {
        if (request.getDeleteCount() > 0 || request.getUnionReplaceCount() > 0) {
            throw GnmiException.unimplemented("Set supports only update and replace of the simulator's config leaves; "
                    + "delete and union_replace are not implemented");
        }
        List<Update> writes = new ArrayList<>(request.getReplaceList());
        writes.addAll(request.getUpdateList());
        if (writes.isEmpty()) {
            throw GnmiException.invalidArgument("SetRequest has no update or replace");
        }
        RequestLimits.requirePaths(writes.size(), "updates and replaces in the SetRequest", env.options());
        List<TelemetryPath> paths = new ArrayList<>();
        for (Update u : writes) {
            TelemetryPath path = ProtoCodec.join(request.getPrefix(), u.getPath());
            LeafDefinition leaf =
                    schema.find(path).filter(d -> d.kind() == LeafKind.CONFIG).orElse(null);
            if (leaf == null || path.isWildcard()) {
                throw GnmiException.unimplemented("Set is not implemented for " + ClientText.shown(path)
                        + ": this agent is read-only except for the simulator's config leaves (sim:/.../config/...)");
            }
            paths.add(path);
        }
        ConfigWriter writer = env.reader()
                .backend()
                .configWriter()
                .orElseThrow(() -> GnmiException.unimplemented(
                        "this back end has no writable leaves: Set works only against the simulated back end"));
        if (!env.options().allowConfigWrites()) {
            throw GnmiException.permissionDenied(
                    "fault injection is disabled: start the agent with --allow-fault-injection");
        }
        List<String> targets = env.reader().resolve(request.getPrefix().getTarget());
        SetResponse.Builder out = SetResponse.newBuilder()
                .setPrefix(request.getPrefix())
                .setTimestamp(env.reader().backend().clock().nowNs());
        int replaces = request.getReplaceCount();
        for (int i = 0; i < writes.size(); i++) {
            TelemetryValue value = ProtoCodec.fromProto(writes.get(i).getVal());
            try {
                writer.write(targets.getFirst(), paths.get(i), value);
            } catch (ConfigWriteException e) {
                throw GnmiException.invalidArgument("cannot set " + ClientText.shown(paths.get(i)) + " to "
                        + ClientText.shown(value.text()) + ": " + e.getMessage());
            }
            out.addResponse(UpdateResult.newBuilder()
                    .setPath(writes.get(i).getPath())
                    .setOp(i < replaces ? UpdateResult.Operation.REPLACE : UpdateResult.Operation.UPDATE));
        }
        return out.build();
    }

    /**
     * Subscribe with the standard marshallers: only reached by code that binds this class directly
     * ({@link #bindService()}); servers use {@link #serviceDefinition()}, whose Subscribe sends
     * pre-encoded responses.
     */
    @Override
    public StreamObserver<SubscribeRequest> subscribe(StreamObserver<SubscribeResponse> response) {
        throw GnmiException.unimplemented(
                "bind GnmiService with serviceDefinition(): its Subscribe streams pre-encoded responses");
    }

    /** The Subscribe method as served: same name and request type, responses already in wire form. */
    static final MethodDescriptor<SubscribeRequest, EncodedResponse> SUBSCRIBE =
            gNMIGrpc.getSubscribeMethod().toBuilder(
                            ProtoUtils.marshaller(SubscribeRequest.getDefaultInstance()), EncodedResponse.MARSHALLER)
                    .build();

    /**
     * The gNMI service to register: Capabilities, Get and Set as generated, Subscribe with
     * {@link EncodedResponse}s (clients see ordinary SubscribeResponse messages on the wire).
     */
    public ServerServiceDefinition serviceDefinition() {
        ServerServiceDefinition generated = bindService();
        ServiceDescriptor standard = generated.getServiceDescriptor();
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(standard.getName())
                .setSchemaDescriptor(standard.getSchemaDescriptor())
                .addMethod(SUBSCRIBE);
        for (MethodDescriptor<?, ?> method : standard.getMethods()) {
            if (!method.getFullMethodName().equals(SUBSCRIBE.getFullMethodName())) {
                descriptor.addMethod(method);
            }
        }
        ServerServiceDefinition.Builder out = ServerServiceDefinition.builder(descriptor.build());
        for (ServerMethodDefinition<?, ?> method : generated.getMethods()) {
            if (!method.getMethodDescriptor().getFullMethodName().equals(SUBSCRIBE.getFullMethodName())) {
                out.addMethod(method);
            }
        }
        ServerCallHandler<SubscribeRequest, EncodedResponse> sessions =
                ServerCalls.asyncBidiStreamingCall(response -> new SubscribeSession(
                        env,
                        (ServerCallStreamObserver<EncodedResponse>) response,
                        ClientSession.CURRENT.get(),
                        STARTING_CALL.get()));
        // The stub hides the call from the stream observer; a session needs it (SubscribeSession#drain).
        out.addMethod(SUBSCRIBE, (call, headers) -> {
            STARTING_CALL.set(call);
            try {
                return sessions.startCall(call, headers);
            } finally {
                STARTING_CALL.remove();
            }
        });
        return out.build();
    }

    /** The Subscribe call being started on this thread: the stub makes its session inside startCall. */
    private static final ThreadLocal<ServerCall<?, ?>> STARTING_CALL = new ThreadLocal<>();

    public AgentStats stats() {
        return env.stats();
    }
}
