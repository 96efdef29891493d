package org.planewatch.agent.gnmi;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.planewatch.agent.backend.ChangeListener;
import org.planewatch.agent.backend.DeviceChange;
import org.planewatch.agent.backend.TelemetryBackend;

/**
 * The one listener of the back end on behalf of every Subscribe stream: a change of a device goes
 * to the streams of that one device and to the streams of many devices, never to all. With a
 * listener per stream each change went to every stream, and a stream per device on the full fabric
 * (137,216 of them) made every published device a loop over 137,216 listeners (ADR 0103). Registered
 * with the back end only while some stream listens, so a back end without listeners skips its diffs.
 */
final class ChangeRouter implements ChangeListener {

    private final TelemetryBackend backend;
    private final ConcurrentHashMap<String, CopyOnWriteArrayList<ChangeListener>> byTarget = new ConcurrentHashMap<>();
    /** Streams of more than one target: each looks at a change's target itself. */
    private final CopyOnWriteArrayList<ChangeListener> wide = new CopyOnWriteArrayList<>();

    private int listening;

    ChangeRouter(TelemetryBackend backend) {
        this.backend = backend;
    }

    /** {@code listener} hears the changes of {@code targets} from now on. */
    synchronized void add(ChangeListener listener, List<String> targets) {
        if (targets.size() == 1) {
            byTarget.computeIfAbsent(targets.getFirst(), t -> new CopyOnWriteArrayList<>())
                    .add(listener);
        } else {
            wide.add(listener);
        }
        if (listening++ == 0) {
            backend.addListener(this);
        }
    }

    /** Undoes {@link #add} with the same arguments; nothing if it was not added. */
    synchronized void remove(ChangeListener listener, List<String> targets) {
        boolean removed;
        if (targets.size() == 1) {
            List<ChangeListener> of = byTarget.get(targets.getFirst());
            removed = of != null && of.remove(listener);
            if (of != null && of.isEmpty()) {
                byTarget.remove(targets.getFirst());
            }
        } else {
            removed = wide.remove(listener);
        }
        if (removed && --listening == 0) {
            backend.removeListener(this);
        }
    }

    @Override
    public void changed(DeviceChange change) {
        List<ChangeListener> of = byTarget.get(change.target());
        if (of != null) {
            for (ChangeListener listener : of) {
                listener.changed(change);
            }
        }
        for (ChangeListener listener : wide) {
            listener.changed(change);
        }
    }
}
