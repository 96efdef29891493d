package org.planewatch.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes the JVM options file the {@code launch} profile starts the console with: the heap's page
 * size ({@link HeapPageOptions}) and the JDK 25 AOT cache (JEP 514/515): use the cache if it was
 * trained on this very jar, else train one during this run.
 * Class loading and linking of JavaFX, gRPC/Netty and TilesFX were most of the start-up time; with
 * a trained cache they come pre-parsed and pre-linked. A cache from another build of the jar would
 * be refused by the JVM (it checks the jar's size and time), so a changed jar is retrained; a missing,
 * stale or half-written cache only costs the speed-up, never the launch (the JVM's AOT log is
 * silenced, and it runs without a cache it cannot use). The training run ends with the JVM's own
 * report of assembling the cache (a child JVM, a few lines that no option turns off); the message
 * printed before the run says so.
 *
 * <pre>java -cp (classes) org.planewatch.console.AotCacheOptions (jar) (cache) (options file)</pre>
 */
public final class AotCacheOptions {
    private static final List<String> QUIET = List.of("-Xlog:aot=off", "-Xlog:cds=off");

    private AotCacheOptions() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: AotCacheOptions <console jar> <AOT cache file> <JVM options file to write>");
            System.exit(2);
        }
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path cache = Path.of(args[1]).toAbsolutePath();
        List<String> options = new ArrayList<>(options(jar, cache));
        options.addAll(HeapPageOptions.options(System.getProperty("os.name"), HeapPageOptions.THP_SETTING));
        Files.write(Path.of(args[2]), options);
    }

    /** The options for the next launch of {@code jar}; deletes a cache trained on another build first. */
    static List<String> options(Path jar, Path cache) throws IOException {
        Path stamp = cache.resolveSibling(cache.getFileName() + ".trained-on");
        String build = Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis() + " " + jar;
        if (Files.isRegularFile(cache)
                && Files.isRegularFile(stamp)
                && Files.readString(stamp).equals(build)
                && Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(stamp)) >= 0) {
            return concat(QUIET, "-XX:AOTCache=" + cache);
        }
        // The cache is written when the training run exits; a run that dies first leaves none, and the next launch
        // trains again.
        Files.deleteIfExists(cache);
        Files.writeString(stamp, build);
        System.out.println("planewatch: no start-up cache for this build yet; this run records one (the JVM writes it "
                + "when the console exits and reports that in a few lines; launches after that start faster)");
        return concat(QUIET, "-XX:AOTCacheOutput=" + cache);
    }

    private static List<String> concat(List<String> first, String last) {
        return Stream.concat(first.stream(), Stream.of(last)).toList();
    }
}
