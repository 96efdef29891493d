package org.planewatch.sim.limits;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The heap a scenario may take: a share of the JVM's max heap ({@code -Xmx},
 * {@link Runtime#maxMemory()}), the rest left to the collector, to garbage between collections
 * and to whatever else the JVM holds (the agent's or the console's own state).
 *
 * @param maxHeapBytes the JVM's max heap
 * @param regionBytes G1's region size: an array of half a region or more takes whole regions, so
 *     the estimate counts the rest of its last region too; 0 for a collector without regions
 */
public record HeapBudget(long maxHeapBytes, long regionBytes) {

    /** Share of the max heap a scenario's estimate may take. */
    public static final double USABLE_SHARE = 0.8;

    private static final long MB = 1024 * 1024;

    public HeapBudget {
        if (maxHeapBytes <= 0) {
            throw new IllegalArgumentException("max heap must be > 0, got " + maxHeapBytes);
        }
        if (regionBytes < 0) {
            throw new IllegalArgumentException("region size must be >= 0, got " + regionBytes);
        }
    }

    /** A heap of {@code maxHeapBytes} under G1 with its default region size for that heap. */
    public HeapBudget(long maxHeapBytes) {
        this(maxHeapBytes, defaultRegionBytes(maxHeapBytes));
    }

    /** This JVM's: what {@code -Xmx} (or the default, a quarter of the memory) gave it, and its collector's regions. */
    public static HeapBudget ofThisJvm() {
        long max = Runtime.getRuntime().maxMemory();
        return new HeapBudget(max, usesG1() ? regionBytesOfThisJvm(max) : 0);
    }

    /** No heap check (the hard limits still apply): for validating a file meant for a larger machine. */
    public static HeapBudget unlimited() {
        return new HeapBudget(Long.MAX_VALUE, 32 * MB);
    }

    public double usableBytes() {
        return maxHeapBytes * USABLE_SHARE;
    }

    public boolean fits(MemoryEstimate estimate) {
        return estimate.totalBytes() <= usableBytes();
    }

    /** G1's choice: about 2048 regions, a power of two from 1 to 32 MB. */
    static long defaultRegionBytes(long maxHeapBytes) {
        long target = Math.max(MB, Math.min(32 * MB, maxHeapBytes / 2048));
        return Long.highestOneBit(target) == target ? target : Long.highestOneBit(target) << 1;
    }

    private static boolean usesG1() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName)
                .anyMatch(name -> name.startsWith("G1"));
    }

    private static long regionBytesOfThisJvm(long maxHeapBytes) {
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return Long.parseLong(hotSpot.getVMOption("G1HeapRegionSize").getValue());
        } catch (RuntimeException | LinkageError e) {
            // Not HotSpot, no such option, or a runtime image without jdk.management: G1's
            // documented default for this heap.
            return defaultRegionBytes(maxHeapBytes);
        }
    }
}
