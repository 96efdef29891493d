package org.planewatch.agent.security;

import io.grpc.CallCredentials;
import io.grpc.Metadata;
import java.util.concurrent.Executor;

/** The client side of {@link PasswordAuthInterceptor}: sends {@code username} and {@code password} metadata with each call. */
public final class PasswordCredentials extends CallCredentials {

    private final String user;
    private final String password;

    public PasswordCredentials(String user, String password) {
        this.user = user;
        this.password = password;
    }

    @Override
    public void applyRequestMetadata(RequestInfo info, Executor executor, MetadataApplier applier) {
        Metadata m = new Metadata();
        m.put(PasswordAuthInterceptor.USERNAME, user);
        m.put(PasswordAuthInterceptor.PASSWORD, password);
        applier.apply(m);
    }
}
