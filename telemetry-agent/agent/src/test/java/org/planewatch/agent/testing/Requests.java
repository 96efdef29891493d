package org.planewatch.agent.testing;

import java.util.List;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/** Builders for gNMI requests in tests, from paths in string form. */
public final class Requests {

    private Requests() {}

    public static Path path(String text) {
        TelemetryPath p = TelemetryPath.parse(text);
        Path.Builder out = Path.newBuilder().setOrigin(p.origin());
        for (PathElem e : p.elems()) {
            out.addElem(org.planewatch.gnmi.proto.PathElem.newBuilder()
                    .setName(e.name())
                    .putAllKey(e.keys()));
        }
        return out.build();
    }

    public static Path target(String target) {
        return Path.newBuilder().setTarget(target).build();
    }

    public static Subscription sub(String path, SubscriptionMode mode, long sampleNs) {
        return Subscription.newBuilder()
                .setPath(path(path))
                .setMode(mode)
                .setSampleInterval(sampleNs)
                .build();
    }

    public static SubscribeRequest subscribe(String target, SubscriptionList.Mode mode, Subscription... subs) {
        SubscriptionList.Builder list = SubscriptionList.newBuilder()
                .setPrefix(target(target))
                .setMode(mode)
                .setEncoding(Encoding.PROTO);
        for (Subscription s : subs) {
            list.addSubscription(s);
        }
        return SubscribeRequest.newBuilder().setSubscribe(list).build();
    }

    public static SubscribeRequest subscribe(String target, SubscriptionList.Mode mode, List<Subscription> subs) {
        return subscribe(target, mode, subs.toArray(Subscription[]::new));
    }

    public static SubscribeRequest subscribe(SubscriptionList.Builder list) {
        return SubscribeRequest.newBuilder().setSubscribe(list).build();
    }
}
