package org.planewatch.collector.assign;

/** Told when this collector's share changes; called on the thread that owns the share. */
public interface ShareListener {
    /** This collector now holds {@code target}, listed in share (partition) {@code share}. */
    void gained(String target, int share);

    /** This collector no longer holds {@code target}: another collector takes it, or it was removed. */
    void lost(String target);
}
