package org.planewatch.agent.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Reads small sysfs files. Missing files, unreadable files and the kernel's "N/A" all read as absent,
 * so a leaf the hardware does not have is left out instead of reported as zero.
 */
final class SysfsReader {

    private SysfsReader() {}

    static Optional<String> text(Path file) {
        try {
            String s = Files.readString(file, StandardCharsets.US_ASCII).strip();
            return s.isEmpty() || s.equalsIgnoreCase("N/A") ? Optional.empty() : Optional.of(s);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** An unsigned decimal (or {@code 0x} hexadecimal) counter; absent if missing, "N/A" or not a number. */
    static OptionalLong number(Path file) {
        Optional<String> s = text(file);
        if (s.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            String v = s.get();
            return OptionalLong.of(
                    v.startsWith("0x") ? Long.parseUnsignedLong(v.substring(2), 16) : Long.parseUnsignedLong(v));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** Names of the entries of a directory, sorted; empty if it does not exist. */
    static List<String> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return new ArrayList<>();
        }
    }
}
