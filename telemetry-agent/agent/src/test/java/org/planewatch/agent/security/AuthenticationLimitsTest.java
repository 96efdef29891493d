package org.planewatch.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.InsecureChannelCredentials;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.Requests;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.CapabilityResponse;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;

/** Issue 16: wrong passwords must not take the agent's cores, threads or other clients' service (ADR 0084). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AuthenticationLimitsTest {

    @TempDir
    static Path dir;

    static Path users;

    @BeforeAll
    static void users() throws Exception {
        users = dir.resolve("users");
        Files.writeString(users, PasswordFile.entry("ops", "s3cret".toCharArray()) + "\n");
    }

    private static UnaryOperator<AgentConfig> withUsers(AuthLimits limits) {
        return c -> c.withUsers(users).withAuth(limits);
    }

    private static GnmiClient client(TestFabric fabric, String user, String password) {
        return new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), user, password);
    }

    private static Status capabilities(GnmiClient client) {
        try {
            client.blocking().capabilities(CapabilityRequest.getDefaultInstance());
            return Status.OK;
        } catch (RuntimeException e) {
            return Status.fromThrowable(e);
        }
    }

    /** {@code calls} Capabilities calls at once over {@code channels} connections; their statuses. */
    private static List<Status> atOnce(TestFabric fabric, String password, int calls, int channels) throws Exception {
        List<GnmiClient> clients = new ArrayList<>();
        for (int i = 0; i < channels; i++) {
            clients.add(client(fabric, "ops", password));
        }
        try {
            List<CompletableFuture<Status>> answers = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                CompletableFuture<Status> answer = new CompletableFuture<>();
                answers.add(answer);
                clients.get(i % channels)
                        .async()
                        .withDeadlineAfter(30, TimeUnit.SECONDS)
                        .capabilities(CapabilityRequest.getDefaultInstance(), new StreamObserver<>() {
                            @Override
                            public void onNext(CapabilityResponse value) {}

                            @Override
                            public void onError(Throwable t) {
                                answer.complete(Status.fromThrowable(t));
                            }

                            @Override
                            public void onCompleted() {
                                answer.complete(Status.OK);
                            }
                        });
            }
            List<Status> out = new ArrayList<>();
            for (CompletableFuture<Status> a : answers) {
                out.add(a.get(40, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            for (GnmiClient c : clients) {
                c.close();
            }
        }
    }

    private static long count(List<Status> statuses, Status.Code code) {
        return statuses.stream().filter(s -> s.getCode() == code).count();
    }

    private static boolean hashing(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().contains("PBKDF2")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void passwordHashesAreComputedOnlyByTheBoundedAuthThreadsNeverByGrpcThreads() throws Exception {
        AuthLimits limits = AuthLimits.defaults().withBackoff(1_000, Duration.ofSeconds(1), Duration.ofSeconds(1));
        try (TestFabric fabric = new TestFabric(TestFabric.options(), withUsers(limits))) {
            Set<String> hashingThreads = ConcurrentHashMap.newKeySet();
            int[] mostAtOnce = {0};
            Thread sampler = Thread.ofPlatform().daemon().start(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    int now = 0;
                    for (Map.Entry<Thread, StackTraceElement[]> t :
                            Thread.getAllStackTraces().entrySet()) {
                        if (hashing(t.getValue())) {
                            now++;
                            hashingThreads.add(t.getKey().getName());
                        }
                    }
                    mostAtOnce[0] = Math.max(mostAtOnce[0], now);
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            List<Status> answers = atOnce(fabric, "wrong", 64, 8);
            sampler.interrupt();
            sampler.join(5_000);

            assertEquals(
                    64,
                    count(answers, Status.Code.UNAUTHENTICATED) + count(answers, Status.Code.RESOURCE_EXHAUSTED),
                    answers.toString());
            assertFalse(hashingThreads.isEmpty(), "the sampler saw no password being hashed");
            assertTrue(
                    hashingThreads.stream().allMatch(n -> n.startsWith("auth-hash-")),
                    "passwords hashed on other threads than the auth pool: " + hashingThreads);
            assertTrue(
                    mostAtOnce[0] <= limits.hashThreads(),
                    mostAtOnce[0] + " threads hashed at once; the pool has " + limits.hashThreads());
        }
    }

    @Test
    void checksBeyondTheQueueAreRefusedAtOnceWithTheLimitNamed() throws Exception {
        AuthLimits limits =
                new AuthLimits(1, 2, 64, 1_000, Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMinutes(1));
        try (TestFabric fabric = new TestFabric(TestFabric.options(), withUsers(limits))) {
            List<Status> answers = atOnce(fabric, "wrong", 32, 4);

            long checked = count(answers, Status.Code.UNAUTHENTICATED);
            List<Status> refused = answers.stream()
                    .filter(s -> s.getCode() == Status.Code.RESOURCE_EXHAUSTED)
                    .toList();
            assertEquals(32, checked + refused.size(), answers.toString());
            assertFalse(refused.isEmpty(), "32 checks at once with room for 3: none refused");
            assertTrue(
                    refused.getFirst().getDescription().contains("--auth-threads plus --auth-queue"),
                    refused.toString());
        }
    }

    @Test
    void oneAddressGetsAtMostItsShareOfChecksAtOnce() throws Exception {
        AuthLimits limits = AuthLimits.defaults().withBackoff(1_000, Duration.ofSeconds(1), Duration.ofSeconds(1));
        try (TestFabric fabric = new TestFabric(TestFabric.options(), withUsers(limits))) {
            List<Status> answers = atOnce(fabric, "wrong", 24, 4);

            List<Status> refused = answers.stream()
                    .filter(s -> s.getCode() == Status.Code.RESOURCE_EXHAUSTED)
                    .toList();
            assertEquals(24, count(answers, Status.Code.UNAUTHENTICATED) + refused.size(), answers.toString());
            assertFalse(refused.isEmpty(), "24 checks at once from one address, limit 2: none refused");
            assertTrue(
                    refused.getFirst().getDescription().contains("from 127.0.0.1 are already in progress"),
                    refused.toString());
            assertTrue(
                    refused.getFirst().getDescription().contains("--auth-max-checks-per-address"), refused.toString());
        }
    }

    @Test
    void failedLoginsBackOffAndTheRefusalSaysWhyAndWhenToRetry() throws Exception {
        AuthLimits limits = AuthLimits.defaults().withBackoff(2, Duration.ofSeconds(30), Duration.ofMinutes(1));
        try (TestFabric fabric = new TestFabric(TestFabric.options(), withUsers(limits));
                GnmiClient wrong = client(fabric, "ops", "guess");
                GnmiClient right = client(fabric, "ops", "s3cret")) {
            for (int i = 0; i < 3; i++) {
                assertEquals(Status.Code.UNAUTHENTICATED, capabilities(wrong).getCode(), "attempt " + (i + 1));
            }
            Status refused = capabilities(wrong);
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, refused.getCode(), refused.toString());
            assertTrue(
                    refused.getDescription()
                            .matches(
                                    "3 failed logins in a row from 127\\.0\\.0\\.1 \\(last: wrong username or password\\): "
                                            + "its next password check is allowed in [0-9.]+ s"),
                    refused.getDescription());
            assertEquals(
                    Status.Code.RESOURCE_EXHAUSTED,
                    capabilities(right).getCode(),
                    "a password not verified before waits out the back-off like any other");
        }
    }

    @Test
    void aVerifiedClientIsStillServedWhileItsAddressBacksOff() throws Exception {
        AuthLimits limits = AuthLimits.defaults().withBackoff(1, Duration.ofSeconds(30), Duration.ofMinutes(1));
        try (TestFabric fabric = new TestFabric(TestFabric.options(), withUsers(limits));
                GnmiClient first = client(fabric, "ops", "s3cret");
                GnmiClient wrong = client(fabric, "ops", "guess")) {
            assertEquals(Status.Code.OK, capabilities(first).getCode());
            assertEquals(Status.Code.UNAUTHENTICATED, capabilities(wrong).getCode());
            assertEquals(Status.Code.UNAUTHENTICATED, capabilities(wrong).getCode());
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, capabilities(wrong).getCode());
            try (GnmiClient reconnected = client(fabric, "ops", "s3cret")) {
                assertEquals(
                        Status.Code.OK,
                        capabilities(reconnected).getCode(),
                        "a new connection with verified credentials");
            }
        }
    }

    @Test
    void aSubscriptionStartsOnceItsPasswordIsChecked() throws Exception {
        try (TestFabric fabric = new TestFabric(TestFabric.options(), withUsers(AuthLimits.defaults()));
                GnmiClient c = client(fabric, "ops", "s3cret")) {
            SubscribeProbe probe = SubscribeProbe.open(
                    c.async(),
                    Requests.subscribe(
                            "host-0001",
                            SubscriptionList.Mode.ONCE,
                            Requests.sub("/interfaces/interface[name=eth0]", SubscriptionMode.TARGET_DEFINED, 0)));
            assertFalse(probe.untilSync().isEmpty(), "no data before sync");
            assertEquals(Status.Code.OK, probe.end().getCode());
        }
    }

    @Test
    void anUnknownUserCostsTheSameHashAsAKnownUserWithAWrongPassword() throws Exception {
        PasswordFile file = PasswordFile.load(users);
        long known = Long.MAX_VALUE;
        long unknown = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            assertEquals(PasswordFile.Verdict.WRONG_PASSWORD, file.verify("ops", "guess"));
            long t1 = System.nanoTime();
            assertEquals(PasswordFile.Verdict.UNKNOWN_USER, file.verify("nobody", "guess"));
            long t2 = System.nanoTime();
            known = Math.min(known, t1 - t0);
            unknown = Math.min(unknown, t2 - t1);
        }
        // The fastest of three: load on the machine only adds time, so a short minimum is the work itself.
        assertTrue(unknown * 2 > known, "unknown user " + unknown / 1000 + " us, known user " + known / 1000 + " us");
    }
}
