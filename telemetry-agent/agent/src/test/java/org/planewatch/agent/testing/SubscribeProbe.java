package org.planewatch.agent.testing;

import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.gnmi.proto.gNMIGrpc;

/** Drives one Subscribe stream and records what arrives, for assertions. */
public final class SubscribeProbe implements ClientResponseObserver<SubscribeRequest, SubscribeResponse> {

    /** Longest wait for an expected message; a failure, not a performance bound. */
    public static final Duration PATIENCE = Duration.ofSeconds(10);

    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final List<SubscribeResponse> seen = new ArrayList<>();
    private final int initialRequests;
    private ClientCallStreamObserver<SubscribeRequest> requests;

    private SubscribeProbe(int initialRequests) {
        this.initialRequests = initialRequests;
    }

    public static SubscribeProbe open(gNMIGrpc.gNMIStub stub, SubscribeRequest first) {
        return open(stub, first, -1);
    }

    /** With {@code initialRequests >= 0} the probe reads only that many messages until {@link #request} is called. */
    public static SubscribeProbe open(gNMIGrpc.gNMIStub stub, SubscribeRequest first, int initialRequests) {
        SubscribeProbe probe = new SubscribeProbe(initialRequests);
        stub.subscribe(probe);
        probe.requests.onNext(first);
        return probe;
    }

    @Override
    public void beforeStart(ClientCallStreamObserver<SubscribeRequest> stream) {
        this.requests = stream;
        if (initialRequests >= 0) {
            stream.disableAutoRequestWithInitial(initialRequests);
        }
    }

    public void request(int messages) {
        requests.request(messages);
    }

    public void send(SubscribeRequest message) {
        requests.onNext(message);
    }

    public void cancel() {
        requests.cancel("test done", null);
    }

    @Override
    public void onNext(SubscribeResponse value) {
        events.add(value);
    }

    @Override
    public void onError(Throwable t) {
        events.add(Status.fromThrowable(t));
    }

    @Override
    public void onCompleted() {
        events.add("completed");
    }

    /** The next message; fails the test if the stream ends or nothing comes. */
    public SubscribeResponse next() throws InterruptedException {
        Object e = events.poll(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        if (!(e instanceof SubscribeResponse r)) {
            String last = seen.isEmpty() ? "nothing" : abbreviate(seen.getLast().toString());
            throw new AssertionError("expected a SubscribeResponse, got " + e + " after " + seen.size()
                    + " messages; the last was " + last);
        }
        seen.add(r);
        return r;
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    /** Reads until a sync_response; returns the updates before it. */
    public List<Notification> untilSync() throws InterruptedException {
        List<Notification> out = new ArrayList<>();
        while (true) {
            SubscribeResponse r = next();
            if (r.getSyncResponse()) {
                return out;
            }
            out.add(r.getUpdate());
        }
    }

    /** Reads until a notification satisfies {@code wanted}; returns every notification read, that one last. */
    public List<Notification> until(Predicate<Notification> wanted) throws InterruptedException {
        List<Notification> out = new ArrayList<>();
        while (true) {
            SubscribeResponse r = next();
            if (r.hasUpdate()) {
                out.add(r.getUpdate());
                if (wanted.test(r.getUpdate())) {
                    return out;
                }
            }
        }
    }

    /** The status the stream ended with (OK for a normal completion). */
    public Status end() throws InterruptedException {
        while (true) {
            Object e = events.poll(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            if (e == null) {
                throw new AssertionError("the stream did not end");
            }
            if (e instanceof Status s) {
                return s;
            }
            if ("completed".equals(e)) {
                return Status.OK;
            }
        }
    }

    /** Whether a message is waiting right now (no waiting). */
    public boolean hasPending() {
        return !events.isEmpty();
    }

    public static String leaf(Update u) {
        return last(u.getPath());
    }

    public static String last(Path p) {
        PathElem e = p.getElem(p.getElemCount() - 1);
        return e.getName();
    }

    public static boolean hasLeaf(Notification n, String name) {
        return n.getUpdateList().stream().anyMatch(u -> leaf(u).equals(name));
    }
}
