package org.planewatch.telemetry.yang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.telemetry.schema.LeafDefinition;
import org.planewatch.telemetry.schema.LeafKind;
import org.planewatch.telemetry.schema.ModelInfo;
import org.planewatch.telemetry.schema.TelemetrySchema;
import org.planewatch.telemetry.schema.ValueType;
import org.planewatch.telemetry.schema.YangModule;

/**
 * Our YANG modules pass yanglint and define exactly the {@code mrc} and {@code sim} leaves of the
 * schema, with their types; the schema's OpenConfig leaves are published leaves of the versions we
 * advertise.
 */
@Timeout(60)
class YangModulesTest {

    @TempDir
    static Path dir;

    private static ModelLeaves models;

    @BeforeAll
    static void readModules() throws Exception {
        models = ModelLeaves.load(dir);
    }

    private static List<LeafDefinition> schemaLeaves(YangModule module) {
        return TelemetrySchema.get().leaves().stream()
                .filter(l -> l.template().origin().equals(module.origin()))
                .toList();
    }

    @Test
    void ourModulesPassYanglintWithoutAnErrorOrWarning() throws Exception {
        List<String> args = new ArrayList<>(List.of("-f", "tree"));
        args.addAll(YangLint.copyModules(dir));
        String tree = YangLint.run(dir, args.toArray(String[]::new)).clean();
        for (YangModule m : YangModule.OURS) {
            assertTrue(tree.contains("module: " + m.name()), tree);
        }
    }

    @Test
    void aModuleWithAnErrorFailsWithYanglintsMessage() throws Exception {
        Files.writeString(
                dir.resolve("broken.yang"),
                "module broken { yang-version 1.1; namespace \"urn:x\"; prefix b; leaf x { type nosuchtype; } }");
        AssertionError e = assertThrows(
                AssertionError.class, () -> YangLint.run(dir, "broken.yang").clean());
        assertTrue(e.getMessage().contains("nosuchtype"), e.getMessage());
    }

    @Test
    void eachModuleFileCarriesTheNameNamespacePrefixOrganizationAndRevisionTheCodeAdvertises() throws IOException {
        for (YangModule m : YangModule.OURS) {
            String text = moduleText(m);
            assertEquals(m.name(), first(text, "^module (\\S+) \\{"), m.resource());
            assertEquals("1.1", first(text, "^  yang-version (\\S+);"), m.resource());
            assertEquals(m.namespace(), first(text, "^  namespace \"([^\"]+)\";"), m.resource());
            assertEquals(m.prefix(), first(text, "^  prefix (\\S+);"), m.resource());
            assertEquals(m.model().organization(), first(text, "^  organization\\s+\"([^\"]+)\";"), m.resource());
            TreeSet<String> revisions = new TreeSet<>(all(text, "^  revision (\\S+) \\{"));
            assertEquals(m.model().version(), revisions.last(), "latest revision of " + m.resource());
        }
    }

    @Test
    void everyMrcAndSimLeafOfTheSchemaIsALeafOfOurModuleWithTheMatchingType() {
        List<String> wrong = new ArrayList<>();
        for (YangModule m : YangModule.OURS) {
            Map<String, YangTree.Leaf> leaves = models.module(m);
            for (LeafDefinition l : schemaLeaves(m)) {
                assertEquals(m.model(), l.model(), l.template() + " is in origin " + m.origin());
                YangTree.Leaf y = leaves.get(ModelLeaves.keyless(l.template()));
                if (y == null) {
                    wrong.add(l.template() + ": not in " + m.name());
                    continue;
                }
                String expected = treeType(l);
                if (expected != null && !expected.equals(y.type())) {
                    wrong.add(l.template() + ": " + m.name() + " says " + y.type() + ", the schema " + expected);
                }
                if ((l.kind() == LeafKind.CONFIG) != y.config()) {
                    wrong.add(l.template() + ": kind " + l.kind() + " but config " + y.config() + " in " + m.name());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyLeafOfOurModulesIsALeafTheSchemaDefines() {
        for (YangModule m : YangModule.OURS) {
            Set<String> schema = schemaLeaves(m).stream()
                    .map(l -> ModelLeaves.keyless(l.template()))
                    .collect(Collectors.toSet());
            List<String> extra = models.module(m).values().stream()
                    .filter(l -> !l.key() && !schema.contains(l.path()))
                    .map(YangTree.Leaf::path)
                    .toList();
            assertEquals(List.of(), extra, m.name() + " defines leaves the schema does not");
        }
    }

    @Test
    void enumerationsAndDecimalsHaveTheSchemasValuesInTheModule() throws Exception {
        List<String> wrong = new ArrayList<>();
        YangLint.copyModules(dir);
        for (YangModule m : YangModule.OURS) {
            for (LeafDefinition l : schemaLeaves(m)) {
                if (l.type() != ValueType.ENUMERATION && l.type() != ValueType.DOUBLE) {
                    continue;
                }
                String node =
                        "/" + m.name() + ":" + ModelLeaves.keyless(l.template()).substring(1);
                String info = YangLint.run(dir, "-f", "info", "-q", "-P", node, m.name() + ".yang")
                        .clean();
                if (l.type() == ValueType.DOUBLE && !info.contains("type decimal64")) {
                    wrong.add(l.template() + ": a double on the wire is a decimal64 in YANG:\n" + info);
                }
                if (l.type() == ValueType.ENUMERATION && !l.enumValues().equals(all(info, "enum \"([^\"]+)\""))) {
                    wrong.add(l.template() + ": " + l.enumValues() + " in the schema, " + all(info, "enum \"([^\"]+)\"")
                            + " in " + m.name());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyOpenConfigLeafOfTheSchemaIsAPublishedLeafOfTheModelAndVersionWeAdvertise() {
        OpenConfigLeaves published = models.openConfig();
        Set<String> wrong = new LinkedHashSet<>();
        for (LeafDefinition l : TelemetrySchema.get().leaves()) {
            if (!l.template().origin().isEmpty()) {
                continue;
            }
            OpenConfigLeaves.Entry entry = published.leaves().get(ModelLeaves.keyless(l.template()));
            if (entry == null) {
                wrong.add(l.template() + ": not a published OpenConfig leaf");
            } else if (!entry.module().equals(l.model().name())) {
                wrong.add(l.template() + ": defined by " + entry.module() + ", the schema names "
                        + l.model().name());
            }
            String version = published.versions().get(l.model().name());
            if (!l.model().version().equals(version)) {
                wrong.add(l.template() + ": " + l.model().name() + " "
                        + l.model().version() + " advertised, the list is of version " + version);
            }
        }
        assertEquals(Set.of(), wrong);
        assertEquals("3.8.1", published.versions().get(ModelInfo.OPENCONFIG_INTERFACES.name()));
    }

    /** The type the tree shows for a leaf of this kind and value type; null where the tree shows a typedef. */
    private static String treeType(LeafDefinition l) {
        return switch (l.kind()) {
            case COUNTER -> "yang:counter64";
            case GAUGE -> "yang:gauge64";
            default ->
                switch (l.type()) {
                    case UINT64 -> "uint64";
                    case INT64 -> "int64";
                    case STRING -> "string";
                    case BOOLEAN -> "boolean";
                    case TIMESTAMP -> "timestamp-ns";
                    case ENUMERATION, DOUBLE -> null;
                };
        };
    }

    private static String moduleText(YangModule m) throws IOException {
        try (InputStream in = YangModulesTest.class.getClassLoader().getResourceAsStream(m.resource())) {
            assertNotNull(in, m.resource());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String first(String text, String regex) {
        List<String> found = all(text, regex);
        return found.isEmpty() ? null : found.getFirst();
    }

    private static List<String> all(String text, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
