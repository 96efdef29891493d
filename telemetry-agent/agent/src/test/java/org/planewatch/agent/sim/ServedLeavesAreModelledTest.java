package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.sub;
import static org.planewatch.agent.testing.Requests.subscribe;
import static org.planewatch.agent.testing.Requests.target;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.gnmi.ProtoCodec;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SimScenarios;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.YangModule;
import org.planewatch.telemetry.yang.ModelLeaves;
import org.planewatch.telemetry.yang.YangLint;

/**
 * Every leaf the simulated agent serves, over real gNMI on loopback, is a leaf of our YANG modules
 * ({@code mrc}, {@code sim}) or a published OpenConfig leaf; and what it serves of our modules, in
 * JSON_IETF, is valid data of them for yanglint.
 */
@Timeout(60)
class ServedLeavesAreModelledTest {

    @TempDir
    Path dir;

    /** A simulated fabric with fault injection allowed, publishing every 20 ms, and a client of it. */
    private record Served(EmbeddedSimAgent agent, GnmiClient client) implements AutoCloseable {
        static Served start() throws Exception {
            EmbeddedSimAgent agent = EmbeddedSimAgent.start(
                    SimScenarios.small(), SimOptions.defaults().withPublishIntervalMs(20), true);
            return new Served(agent, new GnmiClient(agent.port()));
        }

        @Override
        public void close() throws InterruptedException {
            client.close();
            agent.close();
        }
    }

    private GnmiClient client;

    /** Takes a link down and returns the first exclusion event it causes (so the event ring has entries). */
    private Notification failALinkAndAwaitAnEvent(Encoding encoding) throws InterruptedException {
        SubscribeProbe events = SubscribeProbe.open(
                client.async(),
                subscribe(SubscriptionList.newBuilder()
                        .setPrefix(target("*"))
                        .setMode(SubscriptionList.Mode.STREAM)
                        .setEncoding(encoding)
                        .addSubscription(sub("mrc:/events", SubscriptionMode.ON_CHANGE, 0))));
        events.untilSync();
        client.blocking()
                .set(SetRequest.newBuilder()
                        .setPrefix(target("*"))
                        .addUpdate(Update.newBuilder()
                                .setPath(path(
                                        "sim:/links/link[name=" + SimulatedBackendTest.FAILING_LINK + "]/config/state"))
                                .setVal(TypedValue.newBuilder().setStringVal("DOWN")))
                        .build());
        Notification event =
                events.until(n -> SubscribeProbe.hasLeaf(n, "reason")).getLast();
        events.cancel();
        return event;
    }

    private List<Notification> get(String target, Encoding encoding, String... paths) {
        GetRequest.Builder get =
                GetRequest.newBuilder().setPrefix(target(target)).setEncoding(encoding);
        for (String p : paths) {
            get.addPath(path(p));
        }
        return client.blocking().get(get.build()).getNotificationList();
    }

    /** The per-EV leaves of {@code target}, which only a subscription naming {@code evs} gets. */
    private List<Notification> evs(String target, Encoding encoding) throws InterruptedException {
        SubscribeProbe probe = SubscribeProbe.open(
                client.async(),
                subscribe(SubscriptionList.newBuilder()
                        .setPrefix(target(target))
                        .setMode(SubscriptionList.Mode.STREAM)
                        .setEncoding(encoding)
                        .addSubscription(sub("mrc:/qps/qp/evs", SubscriptionMode.SAMPLE, 100_000_000L))));
        List<Notification> out = new ArrayList<>(probe.untilSync());
        out.addAll(probe.until(n -> SubscribeProbe.hasLeaf(n, "penalty")));
        probe.cancel();
        return out;
    }

    private static void collect(Iterable<Notification> notifications, Map<String, TelemetryPath> served) {
        for (Notification n : notifications) {
            for (Update u : n.getUpdateList()) {
                TelemetryPath leaf = ProtoCodec.join(n.getPrefix(), u.getPath());
                served.putIfAbsent(leaf.shape(), leaf);
            }
        }
    }

    @Test
    void everyLeafServedByGetAndSubscribeIsInOurModulesOrThePublishedOpenConfigModels() throws Exception {
        ModelLeaves models = ModelLeaves.load(dir);
        try (Served served = Served.start()) {
            client = served.client();
            checkServedLeaves(models);
        }
    }

    private void checkServedLeaves(ModelLeaves models) throws InterruptedException {
        Map<String, TelemetryPath> served = new TreeMap<>();
        collect(List.of(failALinkAndAwaitAnEvent(Encoding.PROTO)), served);
        collect(get("*", Encoding.PROTO, "/", "mrc:/", "sim:/"), served);
        SubscribeProbe once = SubscribeProbe.open(
                client.async(),
                subscribe(
                        "*",
                        SubscriptionList.Mode.ONCE,
                        sub("/", SubscriptionMode.TARGET_DEFINED, 0),
                        sub("mrc:/", SubscriptionMode.TARGET_DEFINED, 0),
                        sub("sim:/", SubscriptionMode.TARGET_DEFINED, 0)));
        collect(once.untilSync(), served);
        collect(evs("host-1", Encoding.PROTO), served);

        assertEquals(List.of(), models.undefined(served.values()), "served leaves no model defines");
        for (String expected : List.of(
                ":/interfaces/interface/state/counters/in-octets",
                ":/interfaces/interface/state/counters/trim-pkts",
                ":/qos/interfaces/interface/output/queues/queue/state/transmit-pkts",
                ":/lldp/interfaces/interface/neighbors/neighbor/state/system-name",
                ":/lldp/interfaces/interface/neighbors/neighbor/state/port-id",
                "mrc:/planes/plane/state/tx-pkts",
                "mrc:/qps/qp/state/cwnd-octets",
                "mrc:/qps/qp/evs/ev/state/state",
                "mrc:/events/event/state/reason",
                "mrc:/events/state/next-seq",
                "mrc:/agent/state/connected-clients",
                "sim:/clock/state/dilation",
                "sim:/clock/config/paused")) {
            assertTrue(served.containsKey(expected), expected + " was served; served: " + served.keySet());
        }
        System.out.println(served.size() + " distinct leaves served, each defined by a module");
    }

    @Test
    void theMrcAndSimTreesOfAHostInJsonIetfAreValidDataOfOurModules() throws Exception {
        YangLint.copyModules(dir);
        try (Served served = Served.start()) {
            client = served.client();
            checkJsonIetfDocument();
        }
    }

    private void checkJsonIetfDocument() throws Exception {
        String host = failALinkAndAwaitAnEvent(Encoding.PROTO).getPrefix().getTarget();
        List<Notification> notifications = new ArrayList<>(get(host, Encoding.JSON_IETF, "mrc:/", "sim:/"));
        notifications.addAll(evs(host, Encoding.JSON_IETF));
        JsonDocument doc = new JsonDocument();
        for (Notification n : notifications) {
            for (Update u : n.getUpdateList()) {
                assertEquals(TypedValue.ValueCase.JSON_IETF_VAL, u.getVal().getValueCase(), u.toString());
                doc.put(
                        ProtoCodec.join(n.getPrefix(), u.getPath()),
                        u.getVal().getJsonIetfVal().toStringUtf8());
            }
        }
        Path file = dir.resolve(host + ".json");
        Files.writeString(file, doc.render(), StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of("--type", "data"));
        for (YangModule m : YangModule.OURS) {
            args.add(m.name() + ".yang");
        }
        args.add(file.getFileName().toString());
        YangLint.run(dir, args.toArray(String[]::new)).clean();
        assertTrue(doc.render().contains("\"planewatch-mrc:qps\""), "the document holds QPs");
        assertTrue(doc.render().contains("\"ev\""), "the document holds EVs");
    }

    /**
     * An RFC 7951 JSON document assembled from leaves: a top-level member is named
     * {@code module:name}, a path element with keys is an entry of a list, with its keys as members
     * (our keys are uint64 or string, both JSON strings), and a leaf's value is the agent's JSON_IETF text.
     */
    private static final class JsonDocument {
        private final Node root = new Node();

        private static final class Node {
            final Map<String, Object> members = new TreeMap<>();
        }

        void put(TelemetryPath leaf, String json) {
            String module = YangModule.OURS.stream()
                    .filter(m -> m.origin().equals(leaf.origin()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(leaf + " is outside our modules"))
                    .name();
            Node node = root;
            List<PathElem> elems = leaf.elems();
            for (int i = 0; i < elems.size() - 1; i++) {
                PathElem e = elems.get(i);
                String name = i == 0 ? module + ":" + e.name() : e.name();
                if (e.keys().isEmpty()) {
                    node = (Node) node.members.computeIfAbsent(name, k -> new Node());
                } else {
                    @SuppressWarnings("unchecked")
                    Map<String, Node> entries =
                            (Map<String, Node>) node.members.computeIfAbsent(name, k -> new TreeMap<String, Node>());
                    Node entry = entries.computeIfAbsent(new TreeMap<>(e.keys()).toString(), k -> new Node());
                    e.keys().forEach((k, v) -> entry.members.put(k, quote(v)));
                    node = entry;
                }
            }
            node.members.put(leaf.last().name(), json);
        }

        String render() {
            StringBuilder out = new StringBuilder();
            render(root, out);
            return out.append('\n').toString();
        }

        @SuppressWarnings("unchecked")
        private static void render(Node node, StringBuilder out) {
            out.append('{');
            String sep = "";
            for (Map.Entry<String, Object> m : node.members.entrySet()) {
                out.append(sep).append(quote(m.getKey())).append(':');
                sep = ",";
                switch (m.getValue()) {
                    case Node child -> render(child, out);
                    case String scalar -> out.append(scalar);
                    case Map<?, ?> list -> {
                        out.append('[');
                        String entrySep = "";
                        for (Node entry : ((Map<String, Node>) list).values()) {
                            out.append(entrySep);
                            entrySep = ",";
                            render(entry, out);
                        }
                        out.append(']');
                    }
                    default -> throw new IllegalStateException(m.toString());
                }
            }
            out.append('}');
        }

        private static String quote(String s) {
            return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
    }
}
