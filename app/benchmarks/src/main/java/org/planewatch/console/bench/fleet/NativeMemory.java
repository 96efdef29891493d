package org.planewatch.console.bench.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM started with {@code -XX:NativeMemoryTracking=summary} has committed, by category, from
 * {@code jcmd PID VM.native_memory summary}: at full scale the pipeline's processes were resident
 * 1.6 to 2.2 GB beyond their heaps, and this says where.
 */
final class NativeMemory {
    /** The JVM option that turns the tracking on. */
    static final String TRACKING = "-XX:NativeMemoryTracking=summary";

    private static final Pattern TOTAL = Pattern.compile("Total: reserved=\\d+KB, committed=(\\d+)KB");
    private static final Pattern CATEGORY =
            Pattern.compile("^-\\s+(.+?) \\(reserved=\\d+KB, committed=(\\d+)KB\\)", Pattern.MULTILINE);
    private static final Pattern THREADS = Pattern.compile("\\(threads #(\\d+)\\)");

    private NativeMemory() {}

    /** One line: the total committed and the largest categories, in MB; or why it could not be read. */
    static String summary(long pid) {
        String text;
        try {
            Process jcmd = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "jcmd")
                                    .toString(),
                            String.valueOf(pid),
                            "VM.native_memory",
                            "summary")
                    .redirectErrorStream(true)
                    .start();
            text = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!jcmd.waitFor(30, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
                return "native memory not read (jcmd: " + text.strip() + ")";
            }
        } catch (IOException e) {
            return "native memory not read (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "native memory not read (interrupted)";
        }
        Matcher total = TOTAL.matcher(text);
        if (!total.find()) {
            return "native memory not tracked ("
                    + text.strip().lines().findFirst().orElse("") + ")";
        }
        record Category(String name, long kb) {}
        List<Category> categories = new ArrayList<>();
        Matcher c = CATEGORY.matcher(text);
        while (c.find()) {
            categories.add(new Category(c.group(1).strip(), Long.parseLong(c.group(2))));
        }
        categories.sort(Comparator.comparingLong(Category::kb).reversed());
        Matcher threads = THREADS.matcher(text);
        StringBuilder line =
                new StringBuilder(String.format(Locale.ROOT, "committed %d MB", Long.parseLong(total.group(1)) >> 10));
        for (Category category : categories.subList(0, Math.min(7, categories.size()))) {
            line.append(String.format(Locale.ROOT, ", %s %d", category.name(), category.kb() >> 10));
        }
        if (threads.find()) {
            line.append(" (").append(threads.group(1)).append(" threads)");
        }
        return line.toString();
    }
}
