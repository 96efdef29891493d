package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeapPageOptionsTest {
    @TempDir
    Path dir;

    private Path setting(String text) throws Exception {
        return Files.writeString(dir.resolve("enabled"), text);
    }

    @Test
    void asksForHugePagesWhereTheKernelOffersThemOnRequestOrAlways() throws Exception {
        assertEquals(
                List.of("-XX:+UseTransparentHugePages"),
                HeapPageOptions.options("Linux", setting("always [madvise] never\n")));
        assertEquals(
                List.of("-XX:+UseTransparentHugePages"),
                HeapPageOptions.options("Linux", setting("[always] madvise never\n")));
    }

    @Test
    void asksForNothingWhereTheyAreOffOrUnknown() throws Exception {
        assertEquals(List.of(), HeapPageOptions.options("Linux", setting("always madvise [never]\n")));
        assertEquals(
                List.of(),
                HeapPageOptions.options("Linux", dir.resolve("missing")),
                "no such setting: an older or stripped kernel");
        assertEquals(
                List.of(),
                HeapPageOptions.options("Mac OS X", setting("always [madvise] never\n")),
                "the option is Linux's");
        assertEquals(List.of(), HeapPageOptions.options("Windows 11", setting("always [madvise] never\n")));
    }
}
