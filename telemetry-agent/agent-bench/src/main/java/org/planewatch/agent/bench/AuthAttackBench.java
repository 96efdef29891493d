package org.planewatch.agent.bench;

import io.grpc.Attributes;
import io.grpc.CallCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.planewatch.agent.security.PasswordCredentials;
import org.planewatch.agent.security.PasswordFile;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.GetResponse;
import org.planewatch.gnmi.proto.Path.Builder;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.schema.PathNames;

/**
 * Issue 16 item 4: wrong passwords against the real agent, a separate JVM on loopback, while an
 * authenticated client keeps asking for data. Prints the agent's CPU use and thread count during the
 * attack, the authenticated Get's latency before and during it, and how long a refusal takes for an
 * unknown user and for a known user with a wrong password (on an agent of its own, so that no back-off
 * interferes). A measurement, not a test: it asserts nothing.
 *
 * <p>Usage: {@code java -cp telemetry-agent/agent-bench/target/planewatch-agent-bench.jar
 * org.planewatch.agent.bench.AuthAttackBench AGENT_JAR
 * [wrong=300] [atOnce=64] [timingPairs=10] [timing agent flags...]}; AGENT_JAR is the agent to measure
 * (this build's or an older one), started as {@code java -jar AGENT_JAR --backend linux --insecure
 * --users FILE}; the flags after the numbers go to the agent of the timing phase only (e.g.
 * {@code --auth-free-failures 100000} for this build). With {@code -Dbench.addresses=N} the attack comes
 * from N loopback addresses (127.0.0.2 and up, one connection each) instead of 8 connections from
 * 127.0.0.1, as a spread-out attacker would, so that per-address limits do not stop it alone. With
 * {@code -Dbench.seconds=S} the attack goes on for S seconds (still {@code atOnce} at a time) instead of
 * stopping after {@code wrong} attempts: a persistent attacker, whatever the agent answers.
 */
public final class AuthAttackBench {

    private static final String USER = "ops";
    private static final String PASSWORD = "correct horse battery staple";
    private static final int ADDRESSES = Integer.getInteger("bench.addresses", 1);
    private static final int ATTACK_CHANNELS = ADDRESSES == 1 ? 8 : ADDRESSES;
    private static final int SECONDS = Integer.getInteger("bench.seconds", 0);

    private AuthAttackBench() {}

    /** The agent under test, a child process. */
    private record Agent(Process process, int port) implements AutoCloseable {
        long threads() throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("Threads:")) {
                    return Long.parseLong(line.substring(8).strip());
                }
            }
            return -1;
        }

        double cpuSeconds() {
            return process.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println(
                    "usage: AuthAttackBench AGENT_JAR [wrong=300] [atOnce=64] [timingPairs=10] [timing agent flags...]");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        int wrong = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int atOnce = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        int pairs = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        List<String> timingFlags = args.length > 4 ? Arrays.asList(args).subList(4, args.length) : List.of();
        Path dir = Files.createTempDirectory("auth-attack-bench");
        Path users = dir.resolve("users");
        Files.writeString(users, PasswordFile.entry(USER, PASSWORD.toCharArray()) + "\n");
        System.out.printf(
                "agent %s, %d cores; %d wrong passwords %d at a time over %d connections from %s%n",
                jar,
                Runtime.getRuntime().availableProcessors(),
                wrong,
                atOnce,
                ATTACK_CHANNELS,
                ADDRESSES == 1 ? "127.0.0.1" : ADDRESSES + " addresses 127.0.0.2 and up");

        try (Agent agent = start(jar, users, timingFlags)) {
            refusalTimes(agent.port(), pairs);
        }
        try (Agent agent = start(jar, users, List.of())) {
            attack(agent, wrong, atOnce);
        }
        Files.deleteIfExists(users);
        Files.deleteIfExists(dir);
    }

    private static Agent start(Path jar, Path users, List<String> extra) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString(),
                "--backend",
                "linux",
                "--target",
                "bench",
                "--listen",
                "127.0.0.1:0",
                "--insecure",
                "--users",
                users.toString()));
        command.addAll(extra);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    int at = line.indexOf("event=listening addr=");
                    if (at >= 0) {
                        String addr = line.substring(at + "event=listening addr=".length())
                                .split(" ")[0];
                        port.complete(Integer.parseInt(addr.substring(addr.lastIndexOf(':') + 1)));
                    }
                }
                port.completeExceptionally(new IOException("the agent exited before listening"));
            } catch (IOException e) {
                port.completeExceptionally(e);
            }
        });
        try {
            return new Agent(p, port.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IOException("the agent did not start: " + e.getMessage(), e);
        }
    }

    private static ManagedChannel channel(int port) {
        return NettyChannelBuilder.forAddress("127.0.0.1", port, InsecureChannelCredentials.create())
                .build();
    }

    /** A connection from another loopback address (Linux answers for all of 127.0.0.0/8). */
    private static ManagedChannel channelFrom(int port, String source) {
        return NettyChannelBuilder.forAddress("127.0.0.1", port, InsecureChannelCredentials.create())
                .localSocketPicker(new NettyChannelBuilder.LocalSocketPicker() {
                    @Override
                    public SocketAddress createSocketAddress(SocketAddress remote, Attributes attrs) {
                        return new InetSocketAddress(source, 0);
                    }
                })
                .build();
    }

    private static CallCredentials credentials(String user, String password) {
        return new PasswordCredentials(user, password);
    }

    private static GetRequest get() {
        Builder path = org.planewatch.gnmi.proto.Path.newBuilder().setTarget("bench");
        path.addElem(PathElem.newBuilder().setName(PathNames.INTERFACES));
        return GetRequest.newBuilder()
                .setPrefix(path)
                .addPath(org.planewatch.gnmi.proto.Path.getDefaultInstance())
                .setEncoding(Encoding.PROTO)
                .build();
    }

    /** Milliseconds of one blocking Get, and its status. */
    private static double timedGet(gNMIGrpc.gNMIBlockingStub stub, Map<Status.Code, Integer> outcomes) {
        long t0 = System.nanoTime();
        Status.Code code;
        try {
            stub.withDeadlineAfter(30, TimeUnit.SECONDS).get(get());
            code = Status.Code.OK;
        } catch (RuntimeException e) {
            code = Status.fromThrowable(e).getCode();
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        outcomes.merge(code, 1, Integer::sum);
        return ms;
    }

    private static void refusalTimes(int port, int pairs) throws InterruptedException {
        ManagedChannel ch = channel(port);
        try {
            gNMIGrpc.gNMIBlockingStub unknown =
                    gNMIGrpc.newBlockingStub(ch).withCallCredentials(credentials("nobody", "guess"));
            gNMIGrpc.gNMIBlockingStub known =
                    gNMIGrpc.newBlockingStub(ch).withCallCredentials(credentials(USER, "guess"));
            Map<Status.Code, Integer> outcomes = new EnumMap<>(Status.Code.class);
            timedGet(unknown, outcomes); // connection set-up and JIT, not counted
            timedGet(known, outcomes);
            double[] u = new double[pairs];
            double[] k = new double[pairs];
            for (int i = 0; i < pairs; i++) {
                u[i] = timedGet(unknown, outcomes);
                k[i] = timedGet(known, outcomes);
            }
            System.out.printf(
                    "refusal time, %d each (agent alone): unknown user median %.1f ms (min %.1f, max %.1f); "
                            + "known user, wrong password median %.1f ms (min %.1f, max %.1f); outcomes %s%n",
                    pairs,
                    percentile(u, 50),
                    percentile(u, 0),
                    percentile(u, 100),
                    percentile(k, 50),
                    percentile(k, 0),
                    percentile(k, 100),
                    outcomes);
        } finally {
            ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static void attack(Agent agent, int wrong, int atOnce) throws Exception {
        ManagedChannel good = channel(agent.port());
        List<ManagedChannel> attackers = new ArrayList<>();
        for (int i = 0; i < ATTACK_CHANNELS; i++) {
            attackers.add(ADDRESSES == 1 ? channel(agent.port()) : channelFrom(agent.port(), "127.0.0." + (2 + i)));
        }
        try {
            gNMIGrpc.gNMIBlockingStub authenticated =
                    gNMIGrpc.newBlockingStub(good).withCallCredentials(credentials(USER, PASSWORD));
            Map<Status.Code, Integer> getOutcomes = new EnumMap<>(Status.Code.class);
            for (int i = 0; i < 30; i++) {
                timedGet(authenticated, getOutcomes); // warm-up; the first one pays the password check
            }
            double[] idle = new double[20];
            for (int i = 0; i < idle.length; i++) {
                idle[i] = timedGet(authenticated, getOutcomes);
                Thread.sleep(50);
            }
            long threadsBefore = agent.threads();
            double cpu0 = agent.cpuSeconds();
            long t0 = System.nanoTime();

            AtomicBoolean attacking = new AtomicBoolean(true);
            AtomicInteger peakThreads = new AtomicInteger((int) threadsBefore);
            List<Double> during = new ArrayList<>();
            Thread sampler = Thread.ofPlatform().daemon().start(() -> {
                while (attacking.get()) {
                    during.add(timedGet(authenticated, getOutcomes));
                    try {
                        peakThreads.accumulateAndGet((int) agent.threads(), Math::max);
                        Thread.sleep(50);
                    } catch (IOException | InterruptedException e) {
                        return;
                    }
                }
            });

            Map<Status.Code, Integer> attackOutcomes = new EnumMap<>(Status.Code.class);
            Semaphore slots = new Semaphore(atOnce);
            CallCredentials guess = credentials(USER, "guess");
            List<CompletableFuture<Void>> done = new ArrayList<>();
            long stopAt = t0 + TimeUnit.SECONDS.toNanos(SECONDS);
            int sent = 0;
            for (int i = 0; SECONDS > 0 ? System.nanoTime() < stopAt : i < wrong; i++) {
                slots.acquire();
                sent++;
                CompletableFuture<Void> one = new CompletableFuture<>();
                done.add(one);
                gNMIGrpc.newStub(attackers.get(i % ATTACK_CHANNELS))
                        .withCallCredentials(guess)
                        .withDeadlineAfter(120, TimeUnit.SECONDS)
                        .get(get(), new StreamObserver<GetResponse>() {
                            @Override
                            public void onNext(GetResponse value) {}

                            @Override
                            public void onError(Throwable t) {
                                finish(Status.fromThrowable(t).getCode());
                            }

                            @Override
                            public void onCompleted() {
                                finish(Status.Code.OK);
                            }

                            private void finish(Status.Code code) {
                                synchronized (attackOutcomes) {
                                    attackOutcomes.merge(code, 1, Integer::sum);
                                }
                                slots.release();
                                one.complete(null);
                            }
                        });
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(300, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpu = agent.cpuSeconds() - cpu0;
            attacking.set(false);
            sampler.join(60_000);
            long threadsAfter = agent.threads();
            double[] d = during.stream().mapToDouble(Double::doubleValue).toArray();

            System.out.printf("attack: %d wrong passwords took %.2f s; outcomes %s%n", sent, seconds, attackOutcomes);
            System.out.printf(
                    "agent CPU during the attack: %.2f s in %.2f s = %.2f cores (of %d)%n",
                    cpu, seconds, cpu / seconds, Runtime.getRuntime().availableProcessors());
            System.out.printf(
                    "agent threads: %d before, peak %d during, %d after%n",
                    threadsBefore, peakThreads.get(), threadsAfter);
            System.out.printf(
                    "authenticated Get, idle: median %.1f ms, max %.1f ms (%d)%n",
                    percentile(idle, 50), percentile(idle, 100), idle.length);
            System.out.printf(
                    "authenticated Get, during the attack: median %.1f ms, p90 %.1f ms, max %.1f ms (%d); outcomes %s%n",
                    percentile(d, 50), percentile(d, 90), percentile(d, 100), d.length, getOutcomes);
        } finally {
            good.shutdownNow();
            for (ManagedChannel c : attackers) {
                c.shutdownNow();
            }
        }
    }

    private static double percentile(double[] values, int p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        return s[(int) Math.min(s.length - 1, Math.round(p / 100.0 * (s.length - 1)))];
    }
}
