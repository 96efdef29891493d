package org.planewatch.agent.security;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Checks the {@code username} and {@code password} metadata of every call against the credential file;
 * a missing or wrong pair is UNAUTHENTICATED (ADR 0023, ADR 0084).
 *
 * <p>PBKDF2 runs on a small pool of its own ({@link AuthLimits#hashThreads()}, a bounded queue), never on
 * gRPC's threads: the gRPC thread that received the call returns at once and the call starts, or is
 * refused, when its check is done. Before a check is queued, the client's address must be within its
 * limits ({@link LoginThrottle}): too many checks in progress, or a back-off after failed logins, is an
 * immediate RESOURCE_EXHAUSTED that says when to retry. A pair that passed recently is admitted without
 * any of this ({@link VerifiedCredentials}), so clients that are already in keep being served while
 * someone hammers wrong passwords. Every refusal is one line of the audit log.
 */
public final class PasswordAuthInterceptor implements ServerInterceptor, AutoCloseable {

    static final Metadata.Key<String> USERNAME = Metadata.Key.of("username", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> PASSWORD = Metadata.Key.of("password", Metadata.ASCII_STRING_MARSHALLER);

    static final String WRONG = "wrong username or password";
    static final String MISSING = "this agent requires 'username' and 'password' metadata";

    private final PasswordFile users;
    private final AuditLog audit;
    private final LongSupplier nanos;
    private final VerifiedCredentials verified;
    private final LoginThrottle throttle;
    private final ThreadPoolExecutor hashers;
    private final int maxChecks;
    private final AtomicLong lastBusyLineNs;
    private final AtomicLong busySinceLastLine = new AtomicLong();

    public PasswordAuthInterceptor(PasswordFile users, AuthLimits limits, AuditLog audit, LongSupplier nanos) {
        this.users = users;
        this.audit = audit;
        this.nanos = nanos;
        this.verified = new VerifiedCredentials(limits.verifiedTtl().toNanos(), nanos);
        this.throttle = new LoginThrottle(limits, nanos);
        this.hashers = new ThreadPoolExecutor(
                limits.hashThreads(),
                limits.hashThreads(),
                0,
                TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(limits.hashQueue()),
                Thread.ofPlatform().daemon().name("auth-hash-", 0).factory(),
                new ThreadPoolExecutor.AbortPolicy());
        this.maxChecks = limits.hashThreads() + limits.hashQueue();
        this.lastBusyLineNs = new AtomicLong(nanos.getAsLong() - 2_000_000_000L);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String user = headers.get(USERNAME);
        String password = headers.get(PASSWORD);
        if (user != null && password != null && verified.contains(user, password)) {
            return admit(user, call, headers, next);
        }
        String peer = CallerIdentity.peer(call);
        String address = host(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
        Optional<LoginThrottle.Refusal> refusal = throttle.tryAcquire(address);
        if (refusal.isPresent()) {
            if (refusal.get().log()) {
                audit.authRefused(user, peer, refusal.get());
            }
            return refuse(
                    call,
                    Status.RESOURCE_EXHAUSTED.withDescription(refusal.get().message()));
        }
        if (user == null || password == null) {
            throttle.release(address, LoginThrottle.Outcome.FAILED, "no 'username' and 'password' metadata");
            audit.authFailed(user, peer, "no-credentials");
            return refuse(call, Status.UNAUTHENTICATED.withDescription(MISSING));
        }
        DeferredListener<Q> deferred = new DeferredListener<>();
        Context context = Context.current();
        try {
            hashers.execute(() -> check(user, password, peer, address, deferred, context, call, headers, next));
        } catch (RejectedExecutionException e) {
            throttle.release(address, LoginThrottle.Outcome.NOT_CHECKED, "");
            String message = "the agent is already checking " + maxChecks
                    + " passwords, its limit (--auth-threads plus --auth-queue); retry later";
            logBusy(user, peer, message);
            return refuse(call, Status.RESOURCE_EXHAUSTED.withDescription(message));
        }
        return deferred;
    }

    /** On a hash thread: the check, then the call starts in the context it came with, or is refused. */
    private <Q, R> void check(
            String user,
            String password,
            String peer,
            String address,
            DeferredListener<Q> deferred,
            Context context,
            ServerCall<Q, R> call,
            Metadata headers,
            ServerCallHandler<Q, R> next) {
        if (deferred.cancelled()) {
            throttle.release(address, LoginThrottle.Outcome.NOT_CHECKED, "");
            deferred.discard();
            return;
        }
        PasswordFile.Verdict verdict;
        try {
            verdict = users.verify(user, password);
        } catch (RuntimeException e) {
            throttle.release(address, LoginThrottle.Outcome.NOT_CHECKED, "");
            deferred.discard();
            call.close(Status.INTERNAL.withDescription("password check failed: " + e.getMessage()), new Metadata());
            return;
        }
        if (verdict == PasswordFile.Verdict.ACCEPTED) {
            verified.remember(user, password);
            throttle.release(address, LoginThrottle.Outcome.ACCEPTED, "");
            context.run(() -> deferred.start(admit(user, call, headers, next)));
            return;
        }
        throttle.release(address, LoginThrottle.Outcome.FAILED, WRONG);
        audit.authFailed(user, peer, verdict == PasswordFile.Verdict.UNKNOWN_USER ? "unknown-user" : "wrong-password");
        deferred.discard();
        call.close(Status.UNAUTHENTICATED.withDescription(WRONG), new Metadata());
    }

    private static <Q, R> ServerCall.Listener<Q> admit(
            String user, ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        return Contexts.interceptCall(Context.current().withValue(CallerIdentity.USER, user), call, headers, next);
    }

    private static <Q, R> ServerCall.Listener<Q> refuse(ServerCall<Q, R> call, Status status) {
        call.close(status, new Metadata());
        return new ServerCall.Listener<>() {};
    }

    /** A full pool is refused for every address at once: one audit line a second at most, with a count. */
    private void logBusy(String user, String peer, String message) {
        long now = nanos.getAsLong();
        long last = lastBusyLineNs.get();
        if (now - last >= 1_000_000_000L && lastBusyLineNs.compareAndSet(last, now)) {
            audit.authRefused(
                    user, peer, new LoginThrottle.Refusal("busy", message, true, busySinceLastLine.getAndSet(0)));
        } else {
            busySinceLastLine.incrementAndGet();
        }
    }

    /** The throttle's key: the client's IP address, whatever its port. */
    private static String host(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return String.valueOf(address);
    }

    /** Stops the hash threads (checks still queued are dropped with their calls, which the server is closing). */
    @Override
    public void close() {
        hashers.shutdownNow();
    }
}
