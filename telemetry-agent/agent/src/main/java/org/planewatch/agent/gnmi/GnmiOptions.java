package org.planewatch.agent.gnmi;

/**
 * Tunables of the gNMI service.
 *
 * @param minSampleIntervalNs smallest SAMPLE interval accepted (smaller: INVALID_ARGUMENT); also used for
 *     sample_interval 0, which the specification maps to the lowest interval the target supports
 * @param targetDefinedIntervalNs sampling interval of counters under TARGET_DEFINED
 * @param maxBufferedPaths per-subscription bound of the coalescing buffer (distinct paths waiting)
 * @param maxUpdatesPerNotification updates packed into one Notification
 * @param maxSubscriptionsPerClient Subscribe streams one client connection may hold open
 * @param allowConfigWrites whether gNMI Set may write CONFIG leaves (fault injection); else PERMISSION_DENIED
 */
public record GnmiOptions(
        long minSampleIntervalNs,
        long targetDefinedIntervalNs,
        int maxBufferedPaths,
        int maxUpdatesPerNotification,
        int maxSubscriptionsPerClient,
        boolean allowConfigWrites) {

    public GnmiOptions {
        if (minSampleIntervalNs <= 0 || targetDefinedIntervalNs < minSampleIntervalNs) {
            throw new IllegalArgumentException("need 0 < minSampleIntervalNs <= targetDefinedIntervalNs");
        }
        if (maxBufferedPaths <= 0 || maxUpdatesPerNotification <= 0 || maxSubscriptionsPerClient <= 0) {
            throw new IllegalArgumentException("limits must be > 0");
        }
    }

    public static GnmiOptions defaults() {
        return new GnmiOptions(100_000_000L, 1_000_000_000L, 1_000_000, 1_000, 16, false);
    }

    public GnmiOptions withMinSampleIntervalNs(long ns) {
        return new GnmiOptions(ns, Math.max(ns, targetDefinedIntervalNs), maxBufferedPaths, maxUpdatesPerNotification,
                maxSubscriptionsPerClient, allowConfigWrites);
    }

    public GnmiOptions withTargetDefinedIntervalNs(long ns) {
        return new GnmiOptions(minSampleIntervalNs, ns, maxBufferedPaths, maxUpdatesPerNotification,
                maxSubscriptionsPerClient, allowConfigWrites);
    }

    public GnmiOptions withMaxBufferedPaths(int n) {
        return new GnmiOptions(minSampleIntervalNs, targetDefinedIntervalNs, n, maxUpdatesPerNotification,
                maxSubscriptionsPerClient, allowConfigWrites);
    }

    public GnmiOptions withMaxSubscriptionsPerClient(int n) {
        return new GnmiOptions(minSampleIntervalNs, targetDefinedIntervalNs, maxBufferedPaths, maxUpdatesPerNotification,
                n, allowConfigWrites);
    }

    public GnmiOptions withAllowConfigWrites(boolean allow) {
        return new GnmiOptions(minSampleIntervalNs, targetDefinedIntervalNs, maxBufferedPaths, maxUpdatesPerNotification,
                maxSubscriptionsPerClient, allow);
    }
}
