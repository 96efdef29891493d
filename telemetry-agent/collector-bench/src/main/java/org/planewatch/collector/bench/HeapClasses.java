package org.planewatch.collector.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.management.ObjectName;

/**
 * The heap's class histogram, as {@code jcmd GC.class_histogram} prints it (a full collection first,
 * so only what is reachable), read in the benchmark's own process: a difference of two tells which
 * classes a structure holds, by instances and bytes.
 */
final class HeapClasses {
    private HeapClasses() {}

    /** Class name to {instances, bytes}, after a full collection. */
    static Map<String, long[]> histogram() throws Exception {
        String text = (String) ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram",
                        new Object[] {new String[0]},
                        new String[] {String[].class.getName()});
        Map<String, long[]> classes = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] cells = line.trim().split("\\s+");
            // "   1:   123456   7890123  java.lang.String (java.base@25)": rank, instances, bytes, class
            if (cells.length >= 4 && cells[0].endsWith(":") && Character.isDigit(cells[0].charAt(0))) {
                classes.put(cells[3], new long[] {Long.parseLong(cells[1]), Long.parseLong(cells[2])});
            }
        }
        return classes;
    }

    /** Prints the {@code top} classes by bytes held in {@code with} and not in {@code without}, per link view too. */
    static void printDifference(Map<String, long[]> with, Map<String, long[]> without, long linkViews, int top) {
        List<Map.Entry<String, long[]>> held = new ArrayList<>();
        for (Map.Entry<String, long[]> entry : with.entrySet()) {
            long[] before = without.getOrDefault(entry.getKey(), new long[2]);
            long[] difference = {entry.getValue()[0] - before[0], entry.getValue()[1] - before[1]};
            if (difference[1] > 0) {
                held.add(Map.entry(entry.getKey(), difference));
            }
        }
        held.sort((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]));
        long total = held.stream().mapToLong(e -> e.getValue()[1]).sum();
        System.out.printf(
                Locale.ROOT, "held by class (the tasks' share of the heap's histogram, %.1f MB):%n", total / 1e6);
        for (Map.Entry<String, long[]> entry : held.subList(0, Math.min(top, held.size()))) {
            System.out.printf(
                    Locale.ROOT,
                    "  %-70s %,10d instances %8.1f MB %7.1f B a link view%n",
                    entry.getKey(),
                    entry.getValue()[0],
                    entry.getValue()[1] / 1e6,
                    entry.getValue()[1] / (double) Math.max(1, linkViews));
        }
    }
}
