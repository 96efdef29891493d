package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.security.LabCertificates;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.console.testing.Notifications;
import org.planewatch.console.testing.ScriptedGnmiServer;
import org.planewatch.console.testing.VariedResponses;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.value.TelemetryValue;

class GnmiTargetClientTest {
    private final IngestQueue queue = new IngestQueue(10_000);
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private final List<IngestEvent> received = new ArrayList<>();
    private int cursor;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : closeables.reversed()) {
            closeable.close();
        }
        scheduler.shutdownNow();
    }

    private GnmiTargetClient client(TargetConfig config) {
        return client(config, SubscriptionPlan.fabricOverview());
    }

    private GnmiTargetClient client(TargetConfig config, SubscriptionPlan plan) {
        GnmiTargetClient client = new GnmiTargetClient(
                config,
                plan,
                queue,
                InstantSource.system(),
                scheduler,
                new Backoff(Duration.ofMillis(50), Duration.ofMillis(200), 0.5, new Random(7)));
        closeables.add(client);
        client.start();
        return client;
    }

    private ScriptedGnmiServer server(ScriptedGnmiServer server) {
        closeables.add(server);
        return server;
    }

    /** Returns the next event after the previous match that satisfies {@code condition}, waiting up to 10 s. */
    private IngestEvent await(Predicate<IngestEvent> condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            for (; cursor < received.size(); cursor++) {
                if (condition.test(received.get(cursor))) {
                    return received.get(cursor++);
                }
            }
            queue.drain(received, 1000, 50);
        }
        throw new AssertionError("no matching ingest event within 10 s; got " + received);
    }

    private static Predicate<IngestEvent> failure() {
        return e -> e instanceof IngestEvent.Connection c && c.phase() == ConnectionPhase.FAILED;
    }

    @Test
    void deliversDecodedNotificationsWithPrefixTargetApplied() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(
                0,
                () -> List.of(Notifications.of("p1-t0-0", 5_000)
                        .uint("/interfaces/interface[name=p1-t1-3]/state/counters/out-octets", 42)
                        .build())));
        client(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")));

        var notification = (IngestEvent.Notification) await(e -> e instanceof IngestEvent.Notification);
        assertEquals("fabric", notification.source());
        assertEquals("p1-t0-0", notification.target());
        assertEquals(5_000, notification.timestampNs());
        assertEquals(
                "/interfaces/interface[name=p1-t1-3]/state/counters/out-octets",
                notification.updates().getFirst().path().toString());
        assertEquals(
                new TelemetryValue.Uint(42), notification.updates().getFirst().value());
        await(e -> e instanceof IngestEvent.Synced);
        assertTrue(received.stream()
                .anyMatch(e -> e instanceof IngestEvent.Connection c && c.phase() == ConnectionPhase.STREAMING));
    }

    @Test
    void decodesVariedNotificationsOverLoopbackAsTheStandardDecoderDoes() throws Exception {
        VariedResponses varied = new VariedResponses(11);
        List<Notification> dump = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            dump.add(varied.notification());
        }
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, () -> dump));
        TargetConfig config = TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*"));
        client(config);
        await(e -> e instanceof IngestEvent.Synced);

        List<IngestEvent.Notification> decoded = received.stream()
                .filter(e -> e instanceof IngestEvent.Notification)
                .map(e -> atArrival((IngestEvent.Notification) e, 0))
                .toList();
        List<IngestEvent.Notification> expected = dump.stream()
                .map(n -> NotificationDecoder.decode("fabric", config.defaultDevice(), n, 0))
                .toList();
        assertEquals(expected, decoded);
    }

    private static IngestEvent.Notification atArrival(IngestEvent.Notification n, long arrivalMillis) {
        return new IngestEvent.Notification(
                n.source(), n.target(), n.timestampNs(), n.updates(), n.deletes(), arrivalMillis);
    }

    @Test
    void explainsAMalformedResponseAndRedials() throws Exception {
        byte[] update = Update.newBuilder()
                .setPath(org.planewatch.gnmi.proto.Path.newBuilder()
                        .addElem(PathElem.newBuilder().setName("XX")))
                .build()
                .toByteArray();
        update[update.length - 2] = (byte) 0xC3; // "XX" becomes an invalid UTF-8 sequence
        update[update.length - 1] = (byte) 0x28;
        // Sent as an unknown field by the server's generated classes, which therefore do not check it; field 4 is
        // update.
        Notification bad = Notification.newBuilder()
                .setUnknownFields(UnknownFieldSet.newBuilder()
                        .addField(
                                4,
                                UnknownFieldSet.Field.newBuilder()
                                        .addLengthDelimited(ByteString.copyFrom(update))
                                        .build())
                        .build())
                .build();
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, () -> List.of(bad)));
        client(TargetConfig.insecure("garbled", "127.0.0.1", agent.port(), List.of("*")));

        var failed = (IngestEvent.Connection) await(failure());
        assertTrue(
                failed.detail()
                        .startsWith("127.0.0.1:" + agent.port() + " sent a malformed Subscribe response: "
                                + "invalid UTF-8 in Update.path.elem.name at byte "),
                failed.detail());
        assertTrue(failed.detail().contains("retrying in"), failed.detail());
    }

    @Test
    void subscribesInStreamModeWithTheTargetInThePrefix() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, List::of));
        client(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")));
        await(e -> e instanceof IngestEvent.Synced);

        SubscriptionList list = agent.requests().getFirst().getSubscribe();
        assertEquals("*", list.getPrefix().getTarget());
        assertEquals(SubscriptionList.Mode.STREAM, list.getMode());
        assertEquals(SubscriptionPlan.fabricOverview().groups().size(), list.getSubscriptionCount());
        assertTrue(list.getSubscriptionList().stream().allMatch(s -> s.getMode() == SubscriptionMode.TARGET_DEFINED));
        // The simulated clock first: a sample cut into parts carries it in its first part.
        assertEquals(PathNames.SIM, list.getSubscription(0).getPath().getOrigin());
        assertEquals("mrc", list.getSubscription(4).getPath().getOrigin());
    }

    @Test
    void aPlanThatSuppressesRedundantSamplesAsksItOfEverySampledSubscriptionAndTheConsolesDoesNot() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, List::of));
        SubscriptionPlan plan = SubscriptionPlan.fabricOverview()
                .with(new SubscriptionPlan.PathGroup("/lldp", SubscriptionPlan.Mode.ON_CHANGE, Duration.ZERO))
                .withSuppressRedundant(true);
        client(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")), plan);
        client(TargetConfig.insecure("console", "127.0.0.1", agent.port(), List.of("*")));
        await(e -> e instanceof IngestEvent.Synced);
        await(e -> e instanceof IngestEvent.Synced);

        List<SubscriptionList> lists =
                agent.requests().stream().map(r -> r.getSubscribe()).toList();
        SubscriptionList suppressing = lists.stream()
                .filter(l -> l.getSubscriptionCount() == plan.groups().size())
                .findFirst()
                .orElseThrow();
        for (var subscription : suppressing.getSubscriptionList()) {
            assertEquals(
                    subscription.getMode() != SubscriptionMode.ON_CHANGE,
                    subscription.getSuppressRedundant(),
                    subscription.toString());
        }
        SubscriptionList console = lists.stream()
                .filter(l -> l.getSubscriptionCount()
                        == SubscriptionPlan.fabricOverview().groups().size())
                .findFirst()
                .orElseThrow();
        assertTrue(console.getSubscriptionList().stream().noneMatch(sub -> sub.getSuppressRedundant()));
    }

    @Test
    void explainsARefusedConnection() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        client(TargetConfig.insecure("gone", "127.0.0.1", closedPort, List.of("host-0001")));

        var failed = (IngestEvent.Connection) await(failure());
        assertTrue(failed.detail().startsWith("connection refused by 127.0.0.1:" + closedPort), failed.detail());
        assertTrue(failed.detail().contains("retrying in"), failed.detail());
    }

    @Test
    void aSubscriptionTheAgentRefusesAsOverItsLimitsIsATargetErrorNamingTheLimit() throws Exception {
        // A real agent whose limit on paths per request is below the console's 8 default paths.
        InMemoryBackend backend = new InMemoryBackend(
                List.of(new TargetInfo("host-0001", DeviceRole.HOST)), () -> 1_700_000_000_000_000_000L);
        AgentServer agent = new AgentServer(
                        AgentConfig.loopbackInsecure(0, GnmiOptions.defaults().withMaxPathsPerRequest(4)),
                        backend,
                        StructuredLog.silent())
                .start();
        closeables.add(agent);
        client(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")));

        var failed = (IngestEvent.Connection) await(failure());
        assertTrue(
                failed.detail()
                        .startsWith("127.0.0.1:" + agent.port() + " refused the subscription, over one of its limits: "
                                + "the request has 8 subscriptions in the SubscriptionList"),
                failed.detail());
        assertTrue(failed.detail().contains("--max-paths-per-request"), failed.detail());
        assertTrue(failed.detail().contains("retrying in"), failed.detail());
    }

    @Test
    void explainsRejectedCredentials() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.startWithCredentials("ops", "s3cret"));
        client(new TargetConfig(
                "guarded",
                "127.0.0.1",
                agent.port(),
                List.of("*"),
                Optional.empty(),
                Optional.of(new TargetConfig.Credentials("ops", "wrong"))));

        var failed = (IngestEvent.Connection) await(failure());
        assertTrue(
                failed.detail().startsWith("authentication rejected by 127.0.0.1:" + agent.port() + " for user 'ops'"),
                failed.detail());
    }

    @Test
    void acceptsRightCredentials() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.startWithCredentials("ops", "s3cret"));
        client(new TargetConfig(
                "guarded",
                "127.0.0.1",
                agent.port(),
                List.of("*"),
                Optional.empty(),
                Optional.of(new TargetConfig.Credentials("ops", "s3cret"))));
        await(e -> e instanceof IngestEvent.Synced);
    }

    @Test
    void explainsTlsClientAgainstPlaintextAgent() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, List::of));
        client(new TargetConfig(
                "tls",
                "127.0.0.1",
                agent.port(),
                List.of("*"),
                Optional.of(new TargetConfig.TlsFiles(Optional.empty(), Optional.empty(), Optional.empty())),
                Optional.empty()));

        var failed = (IngestEvent.Connection) await(failure());
        assertTrue(failed.detail().contains("TLS"), failed.detail());
    }

    private static TargetConfig tlsTarget(
            String host, int port, Path caFile, LabCertificates.LabFiles clientCertificate) {
        return new TargetConfig(
                "tls",
                host,
                port,
                List.of("*"),
                Optional.of(new TargetConfig.TlsFiles(
                        Optional.of(caFile),
                        Optional.ofNullable(clientCertificate).map(LabCertificates.LabFiles::clientCert),
                        Optional.ofNullable(clientCertificate).map(LabCertificates.LabFiles::clientKey))),
                Optional.empty());
    }

    private String tlsFailure(ScriptedGnmiServer agent, TargetConfig config) throws InterruptedException {
        server(agent);
        client(config);
        return ((IngestEvent.Connection) await(failure())).detail();
    }

    @Test
    void explainsACertificateFromAnotherCa(@TempDir Path dir) throws Exception {
        var agentFiles =
                LabCertificates.generate(dir.resolve("agent"), List.of("localhost", "127.0.0.1"), Duration.ofDays(1));
        var otherCa = LabCertificates.generate(dir.resolve("other"), List.of("localhost"), Duration.ofDays(1))
                .caCert();
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(agentFiles.serverCert(), agentFiles.serverKey(), null);

        String detail = tlsFailure(agent, tlsTarget("127.0.0.1", agent.port(), otherCa, null));
        assertTrue(
                detail.startsWith("TLS with 127.0.0.1:" + agent.port() + ": the agent's certificate is not signed by a"
                        + " trusted CA (tls-ca " + otherCa + "); set tls-ca to the CA that signed it"),
                detail);
    }

    @Test
    void explainsACertificateThatDoesNotNameTheDialledAddress(@TempDir Path dir) throws Exception {
        var files = LabCertificates.generate(dir, List.of("localhost"), Duration.ofDays(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(files.serverCert(), files.serverKey(), null);

        String detail = tlsFailure(agent, tlsTarget("127.0.0.1", agent.port(), files.caCert(), null));
        assertTrue(
                detail.startsWith("TLS with 127.0.0.1:" + agent.port() + ": the agent's certificate does not name"
                        + " 127.0.0.1 (it names DNS:localhost); dial a name the certificate holds, or make it again with this one"
                        + " (gen-certs --host 127.0.0.1)"),
                detail);
    }

    @Test
    void explainsACertificateThatDoesNotNameTheDialledHostName(@TempDir Path dir) throws Exception {
        var files = LabCertificates.generate(dir, List.of("agent.lab", "10.0.0.7"), Duration.ofDays(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(files.serverCert(), files.serverKey(), null);

        String detail = tlsFailure(agent, tlsTarget("localhost", agent.port(), files.caCert(), null));
        assertTrue(
                detail.startsWith("TLS with localhost:" + agent.port() + ": the agent's certificate does not name"
                        + " localhost (it names DNS:agent.lab, IP:10.0.0.7)"),
                detail);
    }

    @Test
    void explainsAnExpiredCertificate(@TempDir Path dir) throws Exception {
        // Valid from five minutes ago for one minute: expired four minutes ago.
        var files = LabCertificates.generate(dir, List.of("localhost"), Duration.ofMinutes(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(files.serverCert(), files.serverKey(), null);

        String detail = tlsFailure(agent, tlsTarget("localhost", agent.port(), files.caCert(), null));
        assertTrue(
                detail.startsWith("TLS with localhost:" + agent.port() + ": the agent's certificate is outside its"
                        + " validity period (NotAfter: "),
                detail);
    }

    @Test
    void explainsThatTheAgentWantsAClientCertificate(@TempDir Path dir) throws Exception {
        var files = LabCertificates.generate(dir, List.of("localhost"), Duration.ofDays(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(files.serverCert(), files.serverKey(), files.caCert());

        String detail = tlsFailure(agent, tlsTarget("localhost", agent.port(), files.caCert(), null));
        assertTrue(
                detail.startsWith("TLS with localhost:" + agent.port() + ": the agent asked for a client certificate"
                        + " (it runs with --tls-client-ca); give tls-cert and tls-key"),
                detail);
    }

    @Test
    void explainsAClientCertificateFromAnotherCa(@TempDir Path dir) throws Exception {
        var files = LabCertificates.generate(dir.resolve("agent"), List.of("localhost"), Duration.ofDays(1));
        var otherClients = LabCertificates.generate(dir.resolve("other"), List.of("localhost"), Duration.ofDays(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(files.serverCert(), files.serverKey(), files.caCert());

        String detail = tlsFailure(agent, tlsTarget("localhost", agent.port(), files.caCert(), otherClients));
        assertTrue(
                detail.startsWith(
                        "TLS with localhost:" + agent.port() + ": the agent refused the handshake (TLS alert"),
                detail);
        assertTrue(detail.contains("tls-cert must be signed by the agent's --tls-client-ca"), detail);
    }

    @Test
    void explainsAPlaintextAgentToATlsTarget(@TempDir Path dir) throws Exception {
        var files = LabCertificates.generate(dir, List.of("localhost"), Duration.ofDays(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.start(0, List::of);

        String detail = tlsFailure(agent, tlsTarget("localhost", agent.port(), files.caCert(), null));
        assertTrue(
                detail.startsWith("TLS with localhost:" + agent.port() + ": the agent does not speak TLS (it answered"
                        + " in plaintext)"),
                detail);
    }

    @Test
    void hintsAtTlsWhenAPlaintextTargetMeetsATlsAgent(@TempDir Path dir) throws Exception {
        var files = LabCertificates.generate(dir, List.of("localhost"), Duration.ofDays(1));
        ScriptedGnmiServer agent = ScriptedGnmiServer.startTls(files.serverCert(), files.serverKey(), null);

        String detail = tlsFailure(agent, TargetConfig.insecure("plain", "localhost", agent.port(), List.of("*")));
        // gRPC reports either "Network closed for unknown reason" or "io exception" (a reset), depending on timing.
        assertTrue(
                detail.startsWith("connection to localhost:" + agent.port() + " lost before the agent answered: "),
                detail);
        assertTrue(
                detail.contains(" (the agent serves TLS: remove 'insecure: true' and give tls-ca); retrying in "),
                detail);
    }

    @Test
    void anAgentKilledWhileStreamingIsAStreamResetWithoutATlsHint() throws Exception {
        int port = agentClosedWhileStreaming("plain");

        var failed = (IngestEvent.Connection) await(failure());
        assertTrue(
                failed.detail().startsWith("stream from 127.0.0.1:" + port + " reset while streaming"),
                failed.detail());
        assertTrue(
                failed.detail().contains("(the agent stopped or restarted, or the network dropped the connection)"),
                failed.detail());
        assertTrue(!failed.detail().contains("TLS"), failed.detail());
    }

    @Test
    void aPlaintextAgentThatHangsUpBeforeAnsweringGetsNoTlsHint() throws Exception {
        // What an agent being killed as the console dials looks like: the connection is accepted, then closed.
        try (ServerSocket hangingUp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().start(() -> {
                while (!hangingUp.isClosed()) {
                    try (var socket = hangingUp.accept()) {
                        socket.setSoLinger(true, 0); // a reset, as a killed process's socket gives
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            client(TargetConfig.insecure("plain", "127.0.0.1", hangingUp.getLocalPort(), List.of("*")));
            var failed = (IngestEvent.Connection) await(failure());
            assertTrue(
                    failed.detail()
                            .startsWith("connection to 127.0.0.1:" + hangingUp.getLocalPort()
                                    + " lost before the agent answered"),
                    failed.detail());
            assertTrue(failed.detail().contains("(it may be stopping or starting); retrying in "), failed.detail());
            assertTrue(!failed.detail().contains("TLS"), failed.detail());
            hangingUp.close();
            acceptor.join(5_000);
        }
    }

    @Test
    void namesAMissingCaFile(@TempDir Path dir) {
        Path missing = dir.resolve("ca.pem");
        var config = new TargetConfig(
                "tls",
                "127.0.0.1",
                9339,
                List.of("*"),
                Optional.of(new TargetConfig.TlsFiles(Optional.of(missing), Optional.empty(), Optional.empty())),
                Optional.empty());
        var error = Assertions.assertThrows(IllegalArgumentException.class, () -> GnmiTargetClient.credentials(config));
        assertEquals("target 'tls': ca-file " + missing + " is not a readable file", error.getMessage());
        assertTrue(Files.notExists(missing));
    }

    @Test
    void reconnectsWhenTheAgentComesBackOnTheSamePort() throws Exception {
        int port = agentClosedWhileStreaming("flappy");
        await(failure());
        ScriptedGnmiServer second = server(ScriptedGnmiServer.start(
                port,
                () -> List.of(Notifications.of("host-0001", 9)
                        .uint("mrc:/planes/plane[id=0]/state/evs-good", 64)
                        .build())));

        var notification = (IngestEvent.Notification) await(e -> e instanceof IngestEvent.Notification);
        assertEquals("host-0001", notification.target());
        assertEquals(1, second.requests().size());
    }

    /** An agent that streams to a new client of this name and is then shut down; its port. */
    private int agentClosedWhileStreaming(String name) throws InterruptedException {
        ScriptedGnmiServer agent = ScriptedGnmiServer.start(0, List::of);
        int port = agent.port();
        client(TargetConfig.insecure(name, "127.0.0.1", port, List.of("*")));
        await(e -> e instanceof IngestEvent.Synced);
        agent.close();
        return port;
    }

    @Test
    void aFullQueueCoalescesSamplesInsteadOfDroppingThem() throws Exception {
        IngestQueue tiny = new IngestQueue(2);
        TelemetryPath counter = TelemetryPath.parse("mrc:/planes/plane[id=0]/state/tx-pkts");
        for (int i = 0; i < 5; i++) {
            tiny.offer(new IngestEvent.Notification(
                    "s", "t", i, List.of(new TelemetryUpdate(counter, TelemetryValue.uint(i))), List.of(), 0));
        }
        assertEquals(0, tiny.droppedNotifications());
        assertEquals(2, tiny.coalescedUpdates(), "two queued, then one pending value per leaf: 3 coalesce into 1");
        List<IngestEvent> drained = new ArrayList<>();
        tiny.drain(drained, 16, 0);
        assertEquals(
                List.of(0L, 1L, 4L),
                drained.stream()
                        .map(e -> ((IngestEvent.Notification) e)
                                .updates()
                                .getFirst()
                                .value())
                        .map(v -> ((TelemetryValue.Uint) v).value())
                        .toList(),
                "the queued samples, then the newest value");
    }

    @Test
    void opensAnExplicitStreamForOneDevicesEvStatesAndKeepsItAcrossRedials() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, List::of));
        GnmiTargetClient client = client(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")));
        await(e -> e instanceof IngestEvent.Synced);
        assertTrue(client.serves("host-7"));

        client.subscribeExplicitly("host-7", SubscriptionPlan.evStates());
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (agent.requests().stream()
                        .noneMatch(r -> r.getSubscribe().getPrefix().getTarget().equals("host-7"))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        var explicit = agent.requests().stream()
                .filter(r -> r.getSubscribe().getPrefix().getTarget().equals("host-7"))
                .findFirst()
                .orElseThrow()
                .getSubscribe();
        assertEquals("evs", explicit.getSubscription(0).getPath().getElem(2).getName());
        assertEquals("mrc", explicit.getSubscription(0).getPath().getOrigin());
        while (agent.openStreams() != 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(2, agent.openStreams(), "the fabric stream and the explicit one, nothing left behind");
    }

    @Test
    void lookingAtAnotherHostReplacesOnlyTheExplicitStreamNotTheFabrics() throws Exception {
        ScriptedGnmiServer agent = server(ScriptedGnmiServer.start(0, List::of));
        GnmiTargetClient client = client(TargetConfig.insecure("fabric", "127.0.0.1", agent.port(), List.of("*")));
        await(e -> e instanceof IngestEvent.Synced);

        for (String host : List.of("host-7", "host-8", "host-9")) {
            client.subscribeExplicitly(host, SubscriptionPlan.evStates());
            awaitRequestFor(agent, host);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (agent.openStreams() != 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(2, agent.openStreams(), "the fabric stream and the explicit one for host-9");
        assertEquals(
                1,
                agent.requests().stream()
                        .filter(r -> r.getSubscribe().getPrefix().getTarget().equals("*"))
                        .count(),
                "the fabric was subscribed once: moving the EV grid from host to host does not make the agent"
                        + " send every device's initial state again");
        queue.drain(received, 1000, 200);
        assertEquals(
                List.of(ConnectionPhase.CONNECTING, ConnectionPhase.STREAMING),
                received.stream()
                        .filter(e -> e instanceof IngestEvent.Connection)
                        .map(e -> ((IngestEvent.Connection) e).phase())
                        .toList(),
                "no reconnection seen by the operator");
    }

    private static void awaitRequestFor(ScriptedGnmiServer agent, String target) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (agent.requests().stream()
                .noneMatch(r -> r.getSubscribe().getPrefix().getTarget().equals(target))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no subscription for " + target + " within 10 s: " + agent.requests());
            }
            Thread.sleep(20);
        }
    }
}
