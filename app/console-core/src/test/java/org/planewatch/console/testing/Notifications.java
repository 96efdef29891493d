package org.planewatch.console.testing;

import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.TelemetryPath;

/** Builds wire notifications the way an agent sends them: prefix with target, relative update paths. */
public final class Notifications {
    private final Notification.Builder builder = Notification.newBuilder();

    private Notifications(String target, long timestampNs) {
        builder.setTimestamp(timestampNs).setPrefix(Path.newBuilder().setTarget(target));
    }

    public static Notifications of(String target, long timestampNs) {
        return new Notifications(target, timestampNs);
    }

    public Notifications uint(String path, long value) {
        return add(path, TypedValue.newBuilder().setUintVal(value).build());
    }

    public Notifications text(String path, String value) {
        return add(path, TypedValue.newBuilder().setStringVal(value).build());
    }

    public Notifications delete(String path) {
        builder.addDelete(path(path));
        return this;
    }

    private Notifications add(String path, TypedValue value) {
        builder.addUpdate(Update.newBuilder().setPath(path(path)).setVal(value));
        return this;
    }

    public static Path path(String text) {
        TelemetryPath parsed = TelemetryPath.parse(text);
        Path.Builder path = Path.newBuilder().setOrigin(parsed.origin());
        parsed.elems()
                .forEach(e ->
                        path.addElem(PathElem.newBuilder().setName(e.name()).putAllKey(e.keys())));
        return path.build();
    }

    public Notification build() {
        return builder.build();
    }
}
