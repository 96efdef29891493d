package org.planewatch.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether the console's JVM asks for transparent huge pages for its heap. A replay at 100x allocates
 * about a gigabyte a second, and each time the heap grew, the young generation moved into memory no
 * page of which had been touched: every 4 KB page then cost the allocating thread a page fault and
 * the kernel's zeroing, a quarter of a million a second, and decoding fell behind the replay clock
 * (docs/benchmarks.md, ADR 0079). With 2 MB pages that is 512 times fewer faults. Only on Linux,
 * and only where the kernel offers them ({@code always} or {@code madvise}); elsewhere the JVM would
 * print a warning at every start.
 */
final class HeapPageOptions {
    static final Path THP_SETTING = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    private HeapPageOptions() {}

    /** The JVM options for this machine: {@code -XX:+UseTransparentHugePages} or none. */
    static List<String> options(String osName, Path thpSetting) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux") || !Files.isReadable(thpSetting)) {
            return List.of();
        }
        try {
            String setting = Files.readString(thpSetting);
            // The kernel marks the mode in force: "always [madvise] never".
            return setting.contains("[always]") || setting.contains("[madvise]")
                    ? List.of("-XX:+UseTransparentHugePages")
                    : List.of();
        } catch (IOException e) {
            return List.of(); // unreadable: run as without the option
        }
    }
}
