package org.planewatch.telemetry.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/telemetry-schema.md is generated: this test fails when the committed file is stale. */
class SchemaDocumentTest {

    private static final Path DOCUMENT = Path.of("../../docs/telemetry-schema.md");

    @Test
    void committedSchemaDocumentMatchesTheCode() throws IOException {
        String expected = SchemaMarkdown.render(TelemetrySchema.get());
        if (Boolean.getBoolean("telemetry.schema.update")) {
            Files.writeString(DOCUMENT, expected, StandardCharsets.UTF_8);
        }
        assertTrue(
                Files.exists(DOCUMENT),
                "missing " + DOCUMENT.toAbsolutePath().normalize()
                        + "; generate it with -Dtelemetry.schema.update=true");
        assertEquals(
                expected,
                Files.readString(DOCUMENT, StandardCharsets.UTF_8),
                "docs/telemetry-schema.md is stale; regenerate it: ./mvnw -B -q -o -pl telemetry-agent/telemetry-model"
                        + " test -Dtelemetry.schema.update=true");
    }

    @Test
    void documentListsEveryLeafWithItsKind() {
        String md = SchemaMarkdown.render(TelemetrySchema.get());
        for (LeafDefinition leaf : TelemetrySchema.get().leaves()) {
            assertTrue(
                    md.contains(
                            "| `" + leaf.name() + "` | " + leaf.kind().name().toLowerCase()),
                    leaf.template().toString());
        }
    }
}
