package org.planewatch.agent.security;

import io.grpc.Context;
import io.grpc.Grpc;
import io.grpc.ServerCall;
import java.security.Principal;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/** Who makes a call, for the audit log: the authenticated user, else the client certificate's subject, else {@code -}. */
final class CallerIdentity {

    /** Set by {@link PasswordAuthInterceptor} for the calls it admits. */
    static final Context.Key<String> USER = Context.key("planewatch-user");

    private CallerIdentity() {}

    static String of(ServerCall<?, ?> call) {
        String user = USER.get();
        if (user != null) {
            return user;
        }
        SSLSession tls = call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION);
        if (tls != null) {
            try {
                Principal subject = tls.getPeerPrincipal();
                return subject.getName();
            } catch (SSLPeerUnverifiedException e) {
                return "-";
            }
        }
        return "-";
    }

    static String peer(ServerCall<?, ?> call) {
        return AuditLog.peer(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
    }
}
