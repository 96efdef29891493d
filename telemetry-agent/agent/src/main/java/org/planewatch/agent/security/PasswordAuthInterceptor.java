package org.planewatch.agent.security;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks the {@code username} and {@code password} metadata of every call against the credential
 * file; a missing or wrong pair is UNAUTHENTICATED. A successful check is cached (as a digest) per
 * credentials so that a stream of calls does not pay PBKDF2 each time.
 */
public final class PasswordAuthInterceptor implements ServerInterceptor {

    static final Metadata.Key<String> USERNAME = Metadata.Key.of("username", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> PASSWORD = Metadata.Key.of("password", Metadata.ASCII_STRING_MARSHALLER);

    private final PasswordFile users;
    private final Map<String, Boolean> verified = new ConcurrentHashMap<>();

    public PasswordAuthInterceptor(PasswordFile users) {
        this.users = users;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String user = headers.get(USERNAME);
        String password = headers.get(PASSWORD);
        if (user == null || password == null) {
            call.close(Status.UNAUTHENTICATED.withDescription(
                    "this agent requires 'username' and 'password' metadata"), new Metadata());
            return new ServerCall.Listener<>() {};
        }
        String cacheKey = digest(user + '\0' + password);
        boolean ok = verified.containsKey(cacheKey) || users.check(user, password);
        if (!ok) {
            call.close(Status.UNAUTHENTICATED.withDescription("wrong username or password"), new Metadata());
            return new ServerCall.Listener<>() {};
        }
        if (verified.size() < 1_000) {
            verified.put(cacheKey, Boolean.TRUE);
        }
        return next.startCall(call, headers);
    }

    /** The cache holds digests, never passwords. */
    private static String digest(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
