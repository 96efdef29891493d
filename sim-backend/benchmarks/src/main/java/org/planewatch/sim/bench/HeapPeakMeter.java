package org.planewatch.sim.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Peak Java heap in use during a run. Heap occupancy only grows between collections, so its peaks
 * are the moments just before each GC: every GC notification reports the heap pools' usage before
 * the collection, and the meter keeps the largest sum. The usage at {@link #peakBytes()} time covers
 * the stretch after the last GC. The figure counts garbage not yet collected, so it depends on the
 * collector and heap size, like a process's RSS does.
 */
public final class HeapPeakMeter implements AutoCloseable {

    private final AtomicLong peak = new AtomicLong();
    private final Set<String> heapPools;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;
    private final boolean afterCollections;

    private HeapPeakMeter(boolean afterCollections) {
        this.afterCollections = afterCollections;
        heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP)
                .map(MemoryPoolMXBean::getName)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** Starts listening to every collector of this JVM. */
    public static HeapPeakMeter start() {
        HeapPeakMeter meter = new HeapPeakMeter(false);
        meter.listen();
        meter.sample();
        return meter;
    }

    /**
     * A meter of the largest heap in use right <em>after</em> a collection: what survived it, live
     * objects and old garbage not yet collected, rather than the peak with garbage.
     */
    public static HeapPeakMeter startAfterCollections() {
        HeapPeakMeter meter = new HeapPeakMeter(true);
        meter.listen();
        return meter;
    }

    private void listen() {
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    /** Largest heap in use seen by the collections so far, without sampling now. */
    public long peakAtCollectionsBytes() {
        return peak.get();
    }

    /** Largest heap in use seen so far, including now. */
    public long peakBytes() {
        sample();
        return peak.get();
    }

    public long peakMegabytes() {
        return (peakBytes() + (1 << 20) - 1) >> 20;
    }

    private void sample() {
        peak.accumulateAndGet(
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
    }

    private void onNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        Map<String, MemoryUsage> usage = afterCollections
                ? info.getGcInfo().getMemoryUsageAfterGc()
                : info.getGcInfo().getMemoryUsageBeforeGc();
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : usage.entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        peak.accumulateAndGet(used, Math::max);
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // already gone: nothing to undo
            }
        }
        emitters.clear();
    }
}
