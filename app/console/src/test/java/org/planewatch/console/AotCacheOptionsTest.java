package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AotCacheOptionsTest {
    @TempDir
    Path dir;

    private Path jar() throws Exception {
        Path jar = dir.resolve("console.jar");
        Files.write(jar, new byte[] {1, 2, 3});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000));
        return jar;
    }

    /** A launch that trains, then what the training JVM does when the console exits. */
    private Path trainedOn(Path jar) throws Exception {
        Path cache = dir.resolve("console.aot");
        AotCacheOptions.options(jar, cache);
        Files.write(cache, new byte[] {9});
        Files.setLastModifiedTime(cache, FileTime.fromMillis(System.currentTimeMillis() + 1000));
        return cache;
    }

    @Test
    void trainsACacheWhenThereIsNone() throws Exception {
        Path cache = dir.resolve("console.aot");
        assertEquals(
                List.of("-Xlog:aot=off", "-Xlog:cds=off", "-XX:AOTCacheOutput=" + cache),
                AotCacheOptions.options(jar(), cache));
    }

    @Test
    void usesTheCacheTrainedOnThisJar() throws Exception {
        Path jar = jar();
        Path cache = trainedOn(jar);
        assertEquals(
                List.of("-Xlog:aot=off", "-Xlog:cds=off", "-XX:AOTCache=" + cache),
                AotCacheOptions.options(jar, cache));
    }

    @Test
    void retrainsAfterTheJarWasRebuilt() throws Exception {
        Path jar = jar();
        Path cache = trainedOn(jar);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(2_000_000));

        assertEquals(
                "-XX:AOTCacheOutput=" + cache,
                AotCacheOptions.options(jar, cache).getLast());
        assertFalse(Files.exists(cache), "the stale cache is gone, so a failed training run cannot leave it in use");
    }

    @Test
    void retrainsWhenTheTrainingRunDiedBeforeWritingTheCache() throws Exception {
        Path jar = jar();
        Path cache = dir.resolve("console.aot");
        AotCacheOptions.options(jar, cache);
        assertEquals(
                "-XX:AOTCacheOutput=" + cache,
                AotCacheOptions.options(jar, cache).getLast());
    }
}
