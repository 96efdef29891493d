package org.planewatch.sim.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a {@link RunReport} as indented JSON, keys in record order. */
public final class ReportWriter {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {}

    public static String toJson(RunReport report) {
        try {
            return MAPPER.writeValueAsString(report);
        } catch (IOException e) {
            throw new IllegalStateException("a report of records always serialises", e);
        }
    }

    /**
     * Writes the report, creating missing parent directories. It is streamed to the file: a report
     * of a million transitions is hundreds of megabytes of text, never held as one string.
     */
    public static void write(RunReport report, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            MAPPER.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, report);
            out.write(System.lineSeparator());
        }
    }
}
