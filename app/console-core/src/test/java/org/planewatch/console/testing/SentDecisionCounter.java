package org.planewatch.console.testing;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.planewatch.console.telemetry.ExclusionDecisionLeaves;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

/**
 * Counts, on the agent's side of the wire, the exclusion decisions one agent session sent: every
 * Subscribe response the agent hands to gRPC is read back from its wire bytes, and a decision
 * ({@code mrc:/events/event[seq]/state/*}) counts once all its leaves have been sent. Also notes
 * when the first Subscribe call arrived. Independent of the console: nothing here reads a recording.
 */
public final class SentDecisionCounter implements ServerInterceptor {
    /** A decision as the agent sent it: its device, ring number, and every leaf as text. */
    public record Sent(String target, long seq, Map<String, String> leaves) {
        public long timestampNs() {
            return Long.parseUnsignedLong(leaves.get("timestamp"));
        }
    }

    private volatile long firstSubscribeNanos;
    private final AtomicLong messages = new AtomicLong();
    /** Leaves sent so far, by "target#seq", in the order entries were first sent. */
    private final Map<String, Map<String, String>> entries = new LinkedHashMap<>();

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (!call.getMethodDescriptor().getFullMethodName().endsWith("/Subscribe")) {
            return next.startCall(call, headers);
        }
        synchronized (this) {
            if (firstSubscribeNanos == 0) {
                firstSubscribeNanos = System.nanoTime();
            }
        }
        return next.startCall(
                new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                    @Override
                    public void sendMessage(R message) {
                        count(call.getMethodDescriptor().streamResponse(message));
                        super.sendMessage(message);
                    }
                },
                headers);
    }

    private void count(InputStream wire) {
        SubscribeResponse response;
        try (wire) {
            response = SubscribeResponse.parseFrom(wire);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        messages.incrementAndGet();
        if (!response.hasUpdate()) {
            return;
        }
        Notification n = response.getUpdate();
        List<PathElem> prefix = n.getPrefix().getElemList();
        String target = n.getPrefix().getTarget();
        for (Update update : n.getUpdateList()) {
            List<PathElem> elems = new ArrayList<>(prefix);
            elems.addAll(update.getPath().getElemList());
            if (elems.size() != 4
                    || !elems.get(0).getName().equals("events")
                    || !elems.get(1).getName().equals("event")
                    || !elems.get(2).getName().equals("state")) {
                continue;
            }
            String key = target + "#" + elems.get(1).getKeyMap().get("seq");
            synchronized (this) {
                entries.computeIfAbsent(key, k -> new HashMap<>())
                        .put(elems.get(3).getName(), text(update.getVal()));
            }
        }
    }

    private static String text(TypedValue value) {
        return switch (value.getValueCase()) {
            case UINT_VAL -> Long.toUnsignedString(value.getUintVal());
            case INT_VAL -> Long.toString(value.getIntVal());
            case STRING_VAL -> value.getStringVal();
            default -> value.toString();
        };
    }

    /** When the first Subscribe call of this agent session arrived ({@link System#nanoTime}), or 0 before. */
    public long firstSubscribeNanos() {
        return firstSubscribeNanos;
    }

    /** Subscribe responses handed to gRPC so far. */
    public long messages() {
        return messages.get();
    }

    /** The decisions sent whole so far, in the order their first leaf was sent. */
    public synchronized List<Sent> decisions() {
        List<Sent> sent = new ArrayList<>();
        entries.forEach((key, leaves) -> {
            if (leaves.keySet().containsAll(ExclusionDecisionLeaves.REQUIRED)) {
                int hash = key.lastIndexOf('#');
                sent.add(new Sent(key.substring(0, hash), Long.parseLong(key.substring(hash + 1)), Map.copyOf(leaves)));
            }
        });
        return sent;
    }
}
