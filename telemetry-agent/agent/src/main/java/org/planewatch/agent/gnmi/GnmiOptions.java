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
 * @param maxPathsPerRequest subscriptions in one SubscriptionList, paths in one GetRequest, updates and
 *     replaces in one SetRequest; more is RESOURCE_EXHAUSTED
 * @param maxSelectionSteps selection work one request may cost (index nodes visited and wildcard
 *     elements tested while finding the leaves its paths select) beyond {@link SelectionBudget#STEPS_PER_LEAF}
 *     per leaf examined, per initial state, Poll, Get, sampling sweep or change; more is RESOURCE_EXHAUSTED
 */
public record GnmiOptions(
        long minSampleIntervalNs,
        long targetDefinedIntervalNs,
        int maxBufferedPaths,
        int maxUpdatesPerNotification,
        int maxSubscriptionsPerClient,
        boolean allowConfigWrites,
        int maxPathsPerRequest,
        long maxSelectionSteps) {

    public static final int DEFAULT_MAX_PATHS_PER_REQUEST = 1_000;
    public static final long DEFAULT_MAX_SELECTION_STEPS = 50_000_000L;

    public GnmiOptions {
        if (minSampleIntervalNs <= 0 || targetDefinedIntervalNs < minSampleIntervalNs) {
            throw new IllegalArgumentException("need 0 < minSampleIntervalNs <= targetDefinedIntervalNs");
        }
        if (maxBufferedPaths <= 0
                || maxUpdatesPerNotification <= 0
                || maxSubscriptionsPerClient <= 0
                || maxPathsPerRequest <= 0
                || maxSelectionSteps <= 0) {
            throw new IllegalArgumentException("limits must be > 0");
        }
    }

    public static GnmiOptions defaults() {
        return new GnmiOptions(
                100_000_000L,
                1_000_000_000L,
                1_000_000,
                1_000,
                16,
                false,
                DEFAULT_MAX_PATHS_PER_REQUEST,
                DEFAULT_MAX_SELECTION_STEPS);
    }

    public GnmiOptions withMinSampleIntervalNs(long ns) {
        return new GnmiOptions(
                ns,
                Math.max(ns, targetDefinedIntervalNs),
                maxBufferedPaths,
                maxUpdatesPerNotification,
                maxSubscriptionsPerClient,
                allowConfigWrites,
                maxPathsPerRequest,
                maxSelectionSteps);
    }

    public GnmiOptions withTargetDefinedIntervalNs(long ns) {
        return new GnmiOptions(
                minSampleIntervalNs,
                ns,
                maxBufferedPaths,
                maxUpdatesPerNotification,
                maxSubscriptionsPerClient,
                allowConfigWrites,
                maxPathsPerRequest,
                maxSelectionSteps);
    }

    public GnmiOptions withMaxBufferedPaths(int n) {
        return new GnmiOptions(
                minSampleIntervalNs,
                targetDefinedIntervalNs,
                n,
                maxUpdatesPerNotification,
                maxSubscriptionsPerClient,
                allowConfigWrites,
                maxPathsPerRequest,
                maxSelectionSteps);
    }

    public GnmiOptions withMaxSubscriptionsPerClient(int n) {
        return new GnmiOptions(
                minSampleIntervalNs,
                targetDefinedIntervalNs,
                maxBufferedPaths,
                maxUpdatesPerNotification,
                n,
                allowConfigWrites,
                maxPathsPerRequest,
                maxSelectionSteps);
    }

    public GnmiOptions withAllowConfigWrites(boolean allow) {
        return new GnmiOptions(
                minSampleIntervalNs,
                targetDefinedIntervalNs,
                maxBufferedPaths,
                maxUpdatesPerNotification,
                maxSubscriptionsPerClient,
                allow,
                maxPathsPerRequest,
                maxSelectionSteps);
    }

    public GnmiOptions withMaxPathsPerRequest(int n) {
        return new GnmiOptions(
                minSampleIntervalNs,
                targetDefinedIntervalNs,
                maxBufferedPaths,
                maxUpdatesPerNotification,
                maxSubscriptionsPerClient,
                allowConfigWrites,
                n,
                maxSelectionSteps);
    }

    public GnmiOptions withMaxSelectionSteps(long n) {
        return new GnmiOptions(
                minSampleIntervalNs,
                targetDefinedIntervalNs,
                maxBufferedPaths,
                maxUpdatesPerNotification,
                maxSubscriptionsPerClient,
                allowConfigWrites,
                maxPathsPerRequest,
                n);
    }
}
