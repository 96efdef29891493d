package org.planewatch.agent.resilience;

import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.Poll;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

/**
 * Generates gNMI requests of every kind, each with the status a correct agent answers, from a seeded
 * random source; {@link Case#run} sends one over a real client and returns the status it got.
 * "OK" for a raw-socket case means the agent closed the connection itself.
 */
final class GnmiFuzzer {

    /** The agent under test: {@code --backend sim}, a fabric of several hosts, fault injection on, default limits. */
    record Agent(int port, String host, String aSwitch) {}

    /** One generated request and the status it must end with. */
    record Case(String kind, String detail, Status.Code expected, Step step) {
        Status.Code run(GnmiClient client) throws Exception {
            return step.run(client);
        }
    }

    @FunctionalInterface
    interface Step {
        Status.Code run(GnmiClient client) throws Exception;
    }

    static final int MAX_PATHS = 1_000;
    private static final int MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
    private static final String[] HOST_PATHS = {
        "/interfaces",
        "mrc:/planes",
        "mrc:/agent/state",
        "/interfaces/interface[name=*]/state/oper-status",
        "mrc:/planes/plane/state/tx-pkts",
        "/...",
        "mrc:/.../tx-pkts"
    };
    private static final String[] OUTSIDE = {
        "/system/cpus", "/interfaces/interface/nothing-here", "mrc:/nowhere", "sim:/clock/state/nothing", "/qos/x/y/z"
    };

    private final Random random;
    private final Agent agent;
    private final boolean stalledHandshakes;

    /** @param stalledHandshakes also send a preface and then too few bytes (each holds a client for the agent's handshake timeout) */
    GnmiFuzzer(long seed, Agent agent, boolean stalledHandshakes) {
        this.random = new Random(seed);
        this.agent = agent;
        this.stalledHandshakes = stalledHandshakes;
    }

    Case next() {
        int kind = random.nextInt(100);
        if (kind < 6) {
            return new Case(
                    "capabilities",
                    "",
                    Status.Code.OK,
                    c -> unary(() -> c.blocking().capabilities(CapabilityRequest.getDefaultInstance())));
        }
        if (kind < 24) {
            return get();
        }
        if (kind < 36) {
            return set();
        }
        if (kind < 94) {
            return subscribe();
        }
        return raw();
    }

    // ---- Get ---------------------------------------------------------------------------------

    private Case get() {
        return switch (random.nextInt(11)) {
            case 0 ->
                getCase(
                        "valid",
                        agent.host(),
                        Status.Code.OK,
                        path(pick("/interfaces", "mrc:/agent/state", "mrc:/planes")));
            case 1 -> getCase("outside the schema", agent.host(), Status.Code.NOT_FOUND, path(pick(OUTSIDE)));
            case 2 ->
                getCase("unknown target", "nobody-" + random.nextInt(1000), Status.Code.NOT_FOUND, path("/interfaces"));
            case 3 ->
                getCase("no target on a multi-target agent", "", Status.Code.INVALID_ARGUMENT, path("/interfaces"));
            case 4 -> getCase("huge path", agent.host(), Status.Code.NOT_FOUND, hugePath());
            case 5 ->
                getCase(
                        "empty element name",
                        agent.host(),
                        Status.Code.INVALID_ARGUMENT,
                        Path.newBuilder()
                                .addElem(PathElem.newBuilder().setName("interfaces"))
                                .addElem(PathElem.getDefaultInstance())
                                .build());
            case 6 ->
                getCase(
                        "deprecated element field",
                        agent.host(),
                        Status.Code.INVALID_ARGUMENT,
                        Path.newBuilder().addElement("interfaces").build());
            case 7 ->
                getCase(
                        "many '...'",
                        agent.host(),
                        Status.Code.NOT_FOUND,
                        path("/...".repeat(50 + random.nextInt(200)) + "/nowhere"));
            case 8 -> {
                GetRequest.Builder b = GetRequest.newBuilder().setPrefix(target(agent.host()));
                for (int i = 0; i <= MAX_PATHS; i++) {
                    b.addPath(path("/interfaces/interface[name=x" + i + "]"));
                }
                yield new Case(
                        "get",
                        "1001 paths",
                        Status.Code.RESOURCE_EXHAUSTED,
                        c -> unary(() -> c.blocking().get(b.build())));
            }
            case 9 -> {
                int encoding = pick(new int[] {Encoding.BYTES_VALUE, Encoding.ASCII_VALUE, 57, -3});
                GetRequest r = GetRequest.newBuilder()
                        .setPrefix(target(agent.host()))
                        .addPath(path("/interfaces"))
                        .setEncodingValue(encoding)
                        .build();
                yield new Case(
                        "get",
                        "encoding " + encoding,
                        Status.Code.UNIMPLEMENTED,
                        c -> unary(() -> c.blocking().get(r)));
            }
            default -> {
                Path prefix = Path.newBuilder()
                        .setOrigin("mrc")
                        .setTarget(agent.host())
                        .build();
                GetRequest r = GetRequest.newBuilder()
                        .setPrefix(prefix)
                        .addPath(Path.newBuilder()
                                .setOrigin("sim")
                                .addElem(PathElem.newBuilder().setName("clock")))
                        .build();
                yield new Case(
                        "get",
                        "two origins",
                        Status.Code.INVALID_ARGUMENT,
                        c -> unary(() -> c.blocking().get(r)));
            }
        };
    }

    private Case getCase(String what, String target, Status.Code expected, Path p) {
        GetRequest r =
                GetRequest.newBuilder().setPrefix(target(target)).addPath(p).build();
        return new Case("get", what, expected, c -> unary(() -> c.blocking().get(r)));
    }

    // ---- Set ---------------------------------------------------------------------------------

    private Case set() {
        return switch (random.nextInt(9)) {
            case 0 ->
                setCase(
                        "resume the clock",
                        Status.Code.OK,
                        "sim:/clock/config/paused",
                        TypedValue.newBuilder().setBoolVal(false));
            case 1 ->
                setCase(
                        "dilation 1000",
                        Status.Code.OK,
                        "sim:/clock/config/dilation",
                        TypedValue.newBuilder().setDoubleVal(1000));
            case 2 ->
                setCase(
                        "dilation out of range",
                        Status.Code.INVALID_ARGUMENT,
                        "sim:/clock/config/dilation",
                        TypedValue.newBuilder()
                                .setDoubleVal(pick(
                                        new double[] {1e-300, 0, -1, Double.NaN, Double.POSITIVE_INFINITY, 1e12})));
            case 3 ->
                setCase(
                        "reboot out of range",
                        Status.Code.INVALID_ARGUMENT,
                        "sim:/switches/switch[name=" + agent.aSwitch() + "]/config/reboot",
                        TypedValue.newBuilder()
                                .setDoubleVal(
                                        pick(new double[] {Double.POSITIVE_INFINITY, Double.NaN, 0.5, -5, 1e18})));
            case 4 ->
                setCase(
                        "unknown link",
                        Status.Code.INVALID_ARGUMENT,
                        "sim:/links/link[name=nowhere-" + random.nextInt(99) + "]/config/state",
                        TypedValue.newBuilder().setStringVal("DOWN"));
            case 5 ->
                setCase(
                        "state leaf",
                        Status.Code.UNIMPLEMENTED,
                        "/interfaces/interface[name=eth0]/state/oper-status",
                        TypedValue.newBuilder().setStringVal("DOWN"));
            case 6 ->
                setCase(
                        "bytes value",
                        Status.Code.INVALID_ARGUMENT,
                        "sim:/clock/config/paused",
                        TypedValue.newBuilder().setBytesVal(ByteString.copyFromUtf8("true")));
            case 7 -> {
                SetRequest r = SetRequest.newBuilder()
                        .setPrefix(target(agent.host()))
                        .addDelete(path("sim:/clock/config/paused"))
                        .build();
                yield new Case(
                        "set",
                        "delete",
                        Status.Code.UNIMPLEMENTED,
                        c -> unary(() -> c.blocking().set(r)));
            }
            default -> {
                SetRequest r =
                        SetRequest.newBuilder().setPrefix(target(agent.host())).build();
                yield new Case(
                        "set",
                        "nothing to set",
                        Status.Code.INVALID_ARGUMENT,
                        c -> unary(() -> c.blocking().set(r)));
            }
        };
    }

    private Case setCase(String what, Status.Code expected, String leaf, TypedValue.Builder value) {
        SetRequest r = SetRequest.newBuilder()
                .setPrefix(target(agent.host()))
                .addUpdate(Update.newBuilder().setPath(path(leaf)).setVal(value))
                .build();
        return new Case(
                "set",
                what + " " + value.build().toString().strip(),
                expected,
                c -> unary(() -> c.blocking().set(r)));
    }

    // ---- Subscribe ---------------------------------------------------------------------------

    private Case subscribe() {
        return switch (random.nextInt(16)) {
            case 0, 1 ->
                endsWith(
                        "ONCE",
                        "valid",
                        Status.Code.OK,
                        list(agent.host(), SubscriptionList.Mode.ONCE, sub(pick(HOST_PATHS))));
            case 2 ->
                endsWith(
                        "ONCE",
                        "outside the schema",
                        Status.Code.NOT_FOUND,
                        list(agent.host(), SubscriptionList.Mode.ONCE, sub("/interfaces"), sub(pick(OUTSIDE))));
            case 3 ->
                endsWith(
                        "ONCE",
                        "huge path",
                        Status.Code.NOT_FOUND,
                        list(
                                agent.host(),
                                SubscriptionList.Mode.ONCE,
                                Subscription.newBuilder().setPath(hugePath()).build()));
            case 4 -> {
                int n = 1 + random.nextInt(MAX_PATHS);
                List<Subscription> subs = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    subs.add(sub("/interfaces/interface[name=nothing-" + i + "]/state"));
                }
                yield endsWith(
                        "ONCE",
                        n + " subscriptions matching nothing",
                        Status.Code.OK,
                        list(agent.host(), SubscriptionList.Mode.ONCE, subs.toArray(Subscription[]::new)));
            }
            case 5 -> {
                List<Subscription> subs = new ArrayList<>();
                for (int i = 0; i <= MAX_PATHS + random.nextInt(3000); i++) {
                    subs.add(sub("mrc:/planes/plane[id=" + i + "]"));
                }
                yield endsWith(
                        "ONCE",
                        subs.size() + " subscriptions",
                        Status.Code.RESOURCE_EXHAUSTED,
                        list("*", SubscriptionList.Mode.ONCE, subs.toArray(Subscription[]::new)));
            }
            case 6 -> poll();
            case 7, 8 -> streamThenCancel();
            case 9 -> cancelMidStream();
            case 10 ->
                endsWith(
                        "STREAM",
                        "sample below the minimum",
                        Status.Code.INVALID_ARGUMENT,
                        list(
                                agent.host(),
                                SubscriptionList.Mode.STREAM,
                                Subscription.newBuilder()
                                        .setPath(path("/interfaces"))
                                        .setMode(SubscriptionMode.SAMPLE)
                                        .setSampleInterval(1 + random.nextInt(1000))
                                        .build()));
            case 11 -> {
                int mode = pick(new int[] {3, 7, 99, -1});
                SubscribeRequest r = SubscribeRequest.newBuilder()
                        .setSubscribe(SubscriptionList.newBuilder()
                                .setPrefix(target(agent.host()))
                                .setModeValue(mode)
                                .addSubscription(sub("/interfaces")))
                        .build();
                yield endsWith("SUBSCRIBE", "list mode " + mode, Status.Code.INVALID_ARGUMENT, r);
            }
            case 12 -> {
                int mode = pick(new int[] {4, 9, -2});
                yield endsWith(
                        "STREAM",
                        "subscription mode " + mode,
                        Status.Code.INVALID_ARGUMENT,
                        list(
                                agent.host(),
                                SubscriptionList.Mode.STREAM,
                                Subscription.newBuilder()
                                        .setPath(path("/interfaces"))
                                        .setModeValue(mode)
                                        .build()));
            }
            case 13 -> {
                int encoding = pick(new int[] {Encoding.BYTES_VALUE, Encoding.ASCII_VALUE, 42});
                SubscribeRequest r = SubscribeRequest.newBuilder()
                        .setSubscribe(SubscriptionList.newBuilder()
                                .setPrefix(target(agent.host()))
                                .setMode(SubscriptionList.Mode.ONCE)
                                .setEncodingValue(encoding)
                                .addSubscription(sub("/interfaces")))
                        .build();
                yield endsWith("ONCE", "encoding " + encoding, Status.Code.UNIMPLEMENTED, r);
            }
            case 14 ->
                switch (random.nextInt(4)) {
                    case 0 ->
                        endsWith(
                                "SUBSCRIBE",
                                "poll first",
                                Status.Code.INVALID_ARGUMENT,
                                SubscribeRequest.newBuilder()
                                        .setPoll(Poll.getDefaultInstance())
                                        .build());
                    case 1 ->
                        endsWith(
                                "SUBSCRIBE",
                                "empty request",
                                Status.Code.INVALID_ARGUMENT,
                                SubscribeRequest.getDefaultInstance());
                    case 2 ->
                        endsWith(
                                "SUBSCRIBE",
                                "no subscription",
                                Status.Code.INVALID_ARGUMENT,
                                list(agent.host(), SubscriptionList.Mode.ONCE));
                    default ->
                        endsWith(
                                "ONCE",
                                "unknown target",
                                Status.Code.NOT_FOUND,
                                list("nobody-" + random.nextInt(99), SubscriptionList.Mode.ONCE, sub("/interfaces")));
                };
            default -> {
                // Larger than the agent accepts: gRPC refuses it before the agent reads it.
                List<Subscription> subs = new ArrayList<>();
                String name = "n".repeat(64 * 1024);
                for (int i = 0; i < MAX_MESSAGE_BYTES / name.length() + 2; i++) {
                    subs.add(Subscription.newBuilder()
                            .setPath(Path.newBuilder()
                                    .addElem(PathElem.newBuilder().setName(name + i)))
                            .build());
                }
                yield endsWith(
                        "SUBSCRIBE",
                        "message over 4 MiB",
                        Status.Code.RESOURCE_EXHAUSTED,
                        list(agent.host(), SubscriptionList.Mode.ONCE, subs.toArray(Subscription[]::new)));
            }
        };
    }

    private Case poll() {
        SubscribeRequest r = list(agent.host(), SubscriptionList.Mode.POLL, sub(pick(HOST_PATHS)));
        int polls = 1 + random.nextInt(3);
        return new Case("POLL", polls + " polls", Status.Code.OK, c -> {
            SubscribeProbe probe = SubscribeProbe.open(c.async(), r);
            try {
                for (int i = 0; i <= polls; i++) {
                    if (i > 0) {
                        probe.send(SubscribeRequest.newBuilder()
                                .setPoll(Poll.getDefaultInstance())
                                .build());
                    }
                    Status failed = untilSync(probe);
                    if (failed != null) {
                        return failed.getCode();
                    }
                }
                return Status.Code.OK;
            } finally {
                probe.cancel();
            }
        });
    }

    /** A STREAM that reaches its sync_response, then the client cancels. */
    private Case streamThenCancel() {
        Subscription.Builder s = Subscription.newBuilder()
                .setPath(path(pick(HOST_PATHS)))
                .setMode(pick(new SubscriptionMode[] {
                    SubscriptionMode.SAMPLE, SubscriptionMode.ON_CHANGE, SubscriptionMode.TARGET_DEFINED
                }));
        if (s.getMode() == SubscriptionMode.SAMPLE) {
            s.setSampleInterval(100_000_000L);
        }
        SubscribeRequest r = list(agent.host(), SubscriptionList.Mode.STREAM, s.build());
        return new Case("STREAM", s.getMode() + " until sync", Status.Code.OK, c -> {
            SubscribeProbe probe = SubscribeProbe.open(c.async(), r);
            try {
                Status failed = untilSync(probe);
                return failed == null ? Status.Code.OK : failed.getCode();
            } finally {
                probe.cancel();
            }
        });
    }

    /** A STREAM of every target's leaves, cancelled while the agent is still sending. */
    private Case cancelMidStream() {
        SubscribeRequest r = list("*", SubscriptionList.Mode.STREAM, sub(pick("/", "/interfaces", "mrc:/planes")));
        int afterMs = random.nextInt(30);
        return new Case("STREAM", "cancelled after " + afterMs + " ms", Status.Code.CANCELLED, c -> {
            SubscribeProbe probe = SubscribeProbe.open(c.async(), r);
            Thread.sleep(afterMs);
            probe.cancel();
            return probe.end().getCode();
        });
    }

    /** Reads to the next sync_response: null, or the status the stream ended with instead. */
    private static Status untilSync(SubscribeProbe probe) throws InterruptedException {
        try {
            probe.untilSync();
            return null;
        } catch (AssertionError e) {
            return Status.UNKNOWN.withDescription(e.getMessage());
        }
    }

    private static Case endsWith(String kind, String what, Status.Code expected, SubscribeRequest r) {
        return new Case(
                kind,
                what,
                expected,
                c -> SubscribeProbe.open(c.async(), r).end().getCode());
    }

    // ---- raw sockets -------------------------------------------------------------------------

    private Case raw() {
        byte[] bytes;
        String what;
        switch (random.nextInt(3)) {
            case 0 -> {
                bytes = new byte[1 + random.nextInt(4096)];
                random.nextBytes(bytes);
                what = bytes.length + " random bytes";
            }
            case 1 -> {
                bytes = "GET / HTTP/1.1\r\nHost: agent\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                what = "HTTP/1 request";
            }
            default -> {
                // The HTTP/2 preface, then a frame that is not SETTINGS (refused at once), or, for
                // stalled handshakes, too few bytes for a frame (closed at the handshake timeout).
                byte[] preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                boolean stall = stalledHandshakes && random.nextInt(8) == 0;
                byte[] tail = new byte[stall ? 1 + random.nextInt(8) : 9 + random.nextInt(512)];
                random.nextBytes(tail);
                if (!stall) {
                    tail[3] = (byte) (tail[3] == 4 ? 0 : tail[3]); // frame type: anything but SETTINGS
                }
                bytes = new byte[preface.length + tail.length];
                System.arraycopy(preface, 0, bytes, 0, preface.length);
                System.arraycopy(tail, 0, bytes, preface.length, tail.length);
                what = "HTTP/2 preface and " + tail.length + " random bytes";
            }
        }
        byte[] sent = bytes;
        return new Case("raw", what, Status.Code.OK, c -> closedByAgent(agent.port(), sent));
    }

    /** OK once the agent closed the connection; DEADLINE_EXCEEDED if it still holds it 5 s past its handshake timeout. */
    private static Status.Code closedByAgent(int port, byte[] bytes) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(AgentServer.HANDSHAKE_TIMEOUT_SECONDS + 5));
            OutputStream out = socket.getOutputStream();
            try {
                out.write(bytes);
                out.flush();
                while (socket.getInputStream().read() >= 0) {
                    // a GOAWAY or nothing, then the close
                }
            } catch (SocketTimeoutException e) {
                return Status.Code.DEADLINE_EXCEEDED;
            } catch (IOException reset) {
                // reset by the agent: closed too
            }
            return Status.Code.OK;
        }
    }

    // ---- helpers -----------------------------------------------------------------------------

    private static Status.Code unary(Runnable call) {
        try {
            call.run();
            return Status.Code.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        }
    }

    private Path hugePath() {
        return Path.newBuilder()
                .addElem(PathElem.newBuilder().setName("interfaces"))
                .addElem(PathElem.newBuilder().setName("z".repeat(50_000 + random.nextInt(100_000))))
                .build();
    }

    private static Subscription sub(String p) {
        return Subscription.newBuilder().setPath(path(p)).build();
    }

    private static SubscribeRequest list(String target, SubscriptionList.Mode mode, Subscription... subs) {
        SubscriptionList.Builder l = SubscriptionList.newBuilder()
                .setPrefix(target(target))
                .setMode(mode)
                .setEncoding(Encoding.PROTO);
        for (Subscription s : subs) {
            l.addSubscription(s);
        }
        return SubscribeRequest.newBuilder().setSubscribe(l).build();
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    private int pick(int[] options) {
        return options[random.nextInt(options.length)];
    }

    private double pick(double[] options) {
        return options[random.nextInt(options.length)];
    }
}
