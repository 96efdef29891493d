package org.planewatch.agent.security;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicBoolean;
import org.planewatch.agent.gnmi.ProtoCodec;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.gnmi.proto.gNMIGrpc;

/**
 * One audit line per gNMI Set (fault injection): who, from where, which paths and values, and whether
 * the agent accepted it, with its reason when not. It sits between the authentication and the gNMI
 * service and watches the call from outside, so the Set code itself stays as it is.
 */
public final class SetAuditInterceptor implements ServerInterceptor {

    private static final String SET = gNMIGrpc.getSetMethod().getFullMethodName();

    private final AuditLog audit;

    public SetAuditInterceptor(AuditLog audit) {
        this.audit = audit;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (!call.getMethodDescriptor().getFullMethodName().equals(SET)) {
            return next.startCall(call, headers);
        }
        AuditedSet line = new AuditedSet(CallerIdentity.of(call), CallerIdentity.peer(call));
        ServerCall<Q, R> watched = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                line.write(status);
                super.close(status, trailers);
            }
        };
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(watched, headers)) {
            @Override
            public void onMessage(Q message) {
                if (message instanceof SetRequest r) {
                    line.request = r;
                }
                super.onMessage(message);
            }

            @Override
            public void onCancel() {
                line.write(Status.CANCELLED.withDescription("the client cancelled the call"));
                super.onCancel();
            }
        };
    }

    /** The one line of a Set call: written at its close, or at its cancellation if it never closes. */
    private final class AuditedSet {
        private final String user;
        private final String peer;
        private final AtomicBoolean written = new AtomicBoolean();
        volatile SetRequest request = SetRequest.getDefaultInstance();

        AuditedSet(String user, String peer) {
            this.user = user;
            this.peer = peer;
        }

        void write(Status status) {
            if (written.compareAndSet(false, true)) {
                audit.set(user, peer, paths(request), values(request), status);
            }
        }
    }

    static String paths(SetRequest r) {
        StringJoiner out = new StringJoiner(", ");
        String target = r.getPrefix().getTarget();
        for (Update u : r.getReplaceList()) {
            out.add(path(target, r.getPrefix(), u.getPath()));
        }
        for (Update u : r.getUpdateList()) {
            out.add(path(target, r.getPrefix(), u.getPath()));
        }
        for (Path p : r.getDeleteList()) {
            out.add("delete " + path(target, r.getPrefix(), p));
        }
        return out.length() == 0 ? "-" : out.toString();
    }

    private static String path(String target, Path prefix, Path path) {
        String where = target.isEmpty() ? "" : target + " ";
        try {
            return where + ProtoCodec.join(prefix, path);
        } catch (RuntimeException e) {
            return where + "(malformed path)";
        }
    }

    static String values(SetRequest r) {
        StringJoiner out = new StringJoiner(", ");
        r.getReplaceList().forEach(u -> out.add(value(u.getVal())));
        r.getUpdateList().forEach(u -> out.add(value(u.getVal())));
        return out.length() == 0 ? "-" : out.toString();
    }

    private static String value(TypedValue v) {
        return switch (v.getValueCase()) {
            case STRING_VAL -> v.getStringVal();
            case UINT_VAL -> Long.toUnsignedString(v.getUintVal());
            case INT_VAL -> Long.toString(v.getIntVal());
            case BOOL_VAL -> Boolean.toString(v.getBoolVal());
            case DOUBLE_VAL -> Double.toString(v.getDoubleVal());
            case FLOAT_VAL -> Float.toString(v.getFloatVal());
            case JSON_VAL -> v.getJsonVal().toStringUtf8();
            case JSON_IETF_VAL -> v.getJsonIetfVal().toStringUtf8();
            default -> "(" + v.getValueCase() + ")";
        };
    }
}
