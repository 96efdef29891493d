package org.planewatch.sim.scenario;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.sim.config.DeviceNaming;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Limits;
import org.planewatch.sim.config.NameTemplate;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.fabric.NodeNames;
import org.planewatch.sim.input.Echo;
import org.planewatch.sim.input.TextFiles;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.limits.LimitViolation;
import org.planewatch.sim.limits.ScenarioLimits;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Loads and validates a scenario file (format in docs/scenarios.md). Everything is checked before a
 * simulation is built: unknown or misplaced keys, types, ranges, host, switch, link and plane names
 * against the fabric the file describes. Keys not given take their documented defaults.
 */
public final class ScenarioLoader {

    static final long DEFAULT_SEED = 1;
    /** The YAML reader's own description of a syntax error is shown up to this length. */
    private static final int YAML_PROBLEM_CHARS = 160;

    private static final List<String> TOP_KEYS =
            List.of("name", "seed", "fabric", "transport", "workload", "faults", "durationUs", "names");
    private static final List<String> NAMES_KEYS = List.of("host", "t0", "t1", "map");

    private ScenarioLoader() {}

    /**
     * Loads a file; errors name it as given. Relative paths inside it resolve against its directory.
     * The scenario must fit this JVM's heap ({@link HeapBudget#ofThisJvm()}).
     */
    public static Scenario load(Path file) throws ScenarioException {
        return load(file, HeapBudget.ofThisJvm());
    }

    /** Loads a file whose simulation must fit {@code budget}. */
    public static Scenario load(Path file, HeapBudget budget) throws ScenarioException {
        String text;
        try {
            text = TextFiles.read(file, Limits.MAX_SCENARIO_FILE_BYTES);
        } catch (TextFiles.NotTextException e) {
            throw new ScenarioException(file.toString(), 0, "", e.getMessage());
        } catch (IOException e) {
            throw new ScenarioException(file.toString(), 0, "", "cannot read the file: " + TextFiles.reason(e));
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(text, file.toString(), dir, budget);
    }

    /**
     * Parses a scenario that must fit this JVM's heap.
     *
     * @param fileName the name errors carry
     * @param baseDir where relative paths in the scenario (connection matrices) resolve
     */
    public static Scenario parse(String yaml, String fileName, Path baseDir) throws ScenarioException {
        return parse(yaml, fileName, baseDir, HeapBudget.ofThisJvm());
    }

    /** Parses a scenario whose simulation must fit {@code budget}. */
    public static Scenario parse(String yaml, String fileName, Path baseDir, HeapBudget budget)
            throws ScenarioException {
        YamlMapping root = YamlMapping.of(fileName, "", compose(yaml, fileName));
        root.rejectUnknownKeys(TOP_KEYS);
        root.requirePresent("name");
        root.requirePresent("workload");
        String name = root.string("name");
        long seed = root.has("seed") ? root.longValue("seed") : DEFAULT_SEED;
        long durationNs = root.has("durationUs") ? root.microsAsNanos("durationUs") : 0;

        YamlMapping transportSection = root.has("transport") ? root.mapping("transport") : null;
        TransportMode mode = transportSection != null && transportSection.has("mode")
                ? parseMode(transportSection)
                : TransportMode.MRC;
        FabricConfig fabric = fabric(root.has("fabric") ? root.mapping("fabric") : null, mode);
        TransportConfig transport = transport(transportSection, mode);
        WorkloadConfig workload = new WorkloadReader(fabric, transport, baseDir, budget).read(root.mapping("workload"));
        DeviceNaming naming = root.has("names") ? naming(root.mapping("names")) : DeviceNaming.DEFAULT;
        NodeNames nodeNames;
        try {
            nodeNames = new NodeNames(fabric, naming);
        } catch (IllegalArgumentException e) {
            throw root.error("names", e.getMessage());
        }
        List<FaultSpec> faults =
                root.has("faults") ? faults(root, new FabricNames(fabric, nodeNames), durationNs) : List.of();
        Scenario scenario;
        try {
            scenario = new Scenario(name, seed, fabric, transport, workload, faults, durationNs, naming);
        } catch (IllegalArgumentException e) {
            throw root.errorHere(e.getMessage());
        }
        Optional<LimitViolation> beyond = ScenarioLimits.check(scenario, budget);
        if (beyond.isPresent()) {
            throw errorAt(root, beyond.get().key(), beyond.get().problem());
        }
        return scenario;
    }

    /** An error at a key path ({@code workload.messageBytes}): the line of its deepest part the file gives. */
    private static ScenarioException errorAt(YamlMapping root, String keyPath, String problem)
            throws ScenarioException {
        YamlMapping section = root;
        int line = root.line();
        for (String key : keyPath.split("\\.")) {
            if (section == null || !section.has(key)) {
                break;
            }
            line = section.lineOf(key);
            section = section.valueNode(key) instanceof MappingNode ? section.mapping(key) : null;
        }
        return new ScenarioException(root.file(), line, keyPath, problem);
    }

    private static Node compose(String yaml, String fileName) throws ScenarioException {
        Node node;
        try {
            node = new Yaml(new SafeConstructor(new LoaderOptions())).compose(new StringReader(yaml));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
            String context = e.getContext() != null && e.getProblem() != null ? " (" + e.getContext() + ")" : "";
            throw new ScenarioException(
                    fileName,
                    mark == null ? 0 : mark.getLine() + 1,
                    "",
                    "malformed YAML: " + Echo.truncated(problem + context, YAML_PROBLEM_CHARS));
        } catch (YAMLException e) {
            throw new ScenarioException(
                    fileName,
                    0,
                    "",
                    "malformed YAML: " + Echo.truncated(String.valueOf(e.getMessage()), YAML_PROBLEM_CHARS));
        }
        if (node == null) {
            throw new ScenarioException(fileName, 1, "", "empty scenario (needs at least name and workload)");
        }
        return node;
    }

    private static TransportMode parseMode(YamlMapping transport) throws ScenarioException {
        try {
            return TransportMode.parse(transport.string("mode"));
        } catch (IllegalArgumentException e) {
            throw transport.error("mode", e.getMessage());
        }
    }

    /**
     * Fabric keys are {@link FabricConfig}'s components. The ECMP baseline drops at the tail (the
     * simulation never trims under it), and a queue size given alone carries the header queue and ECN thresholds along
     * in the default proportions, so that ECN still marks inside the queue.
     */
    private static FabricConfig fabric(YamlMapping section, TransportMode mode) throws ScenarioException {
        FabricConfig defaults = FabricConfig.defaults();
        if (mode == TransportMode.ECMP) {
            defaults = defaults.withTrimming(false);
        }
        if (section == null) {
            return defaults;
        }
        section.rejectUnknownKeys(RecordOverrides.keysOf(FabricConfig.class));
        Map<String, Object> values = RecordOverrides.valuesOf(defaults);
        RecordOverrides.readInto(values, FabricConfig.class, section, List.of());
        if (section.has("queueBytes")) {
            long queue = (Long) values.get("queueBytes");
            FabricConfig base = FabricConfig.defaults();
            scaleUnlessSet(section, values, "headerQueueBytes", queue, base.headerQueueBytes(), base.queueBytes());
            scaleUnlessSet(section, values, "ecnKminBytes", queue, base.ecnKminBytes(), base.queueBytes());
            scaleUnlessSet(section, values, "ecnKmaxBytes", queue, base.ecnKmaxBytes(), base.queueBytes());
        }
        if (mode == TransportMode.ECMP && Boolean.TRUE.equals(values.get("trimming"))) {
            throw section.error("trimming", "the ECMP baseline drops at the tail; trimming applies to mrc and uec");
        }
        return RecordOverrides.construct(FabricConfig.class, values, section);
    }

    private static void scaleUnlessSet(
            YamlMapping section,
            Map<String, Object> values,
            String key,
            long queue,
            long defaultValue,
            long defaultQueue) {
        if (!section.has(key)) {
            values.put(key, Math.round((double) queue * defaultValue / defaultQueue));
        }
    }

    /** Transport keys are {@link TransportConfig}'s components; defaults depend on the mode, and ev_min_active follows evsPerQp. */
    private static TransportConfig transport(YamlMapping section, TransportMode mode) throws ScenarioException {
        TransportConfig defaults = TransportConfig.defaults(mode);
        if (section == null) {
            return defaults;
        }
        section.rejectUnknownKeys(RecordOverrides.keysOf(TransportConfig.class));
        Map<String, Object> values = RecordOverrides.valuesOf(defaults);
        RecordOverrides.readInto(values, TransportConfig.class, section, List.of("mode"));
        if (section.has("evsPerQp") && !section.has("evMinActive")) {
            int evs = (Integer) values.get("evsPerQp");
            values.put("evMinActive", (int) ((long) evs * defaults.evMinActive() / defaults.evsPerQp()));
        }
        return RecordOverrides.construct(TransportConfig.class, values, section);
    }

    /** The {@code names} section: templates per kind of device and an explicit map from default names. */
    private static DeviceNaming naming(YamlMapping section) throws ScenarioException {
        section.rejectUnknownKeys(NAMES_KEYS);
        NameTemplate host = template(section, "host", DeviceNaming.HOST_VARS);
        NameTemplate t0 = template(section, "t0", DeviceNaming.T0_VARS);
        NameTemplate t1 = template(section, "t1", DeviceNaming.T1_VARS);
        Map<String, String> explicit = new java.util.LinkedHashMap<>();
        if (section.has("map")) {
            YamlMapping map = section.mapping("map");
            for (String from : map.keys()) {
                String to = map.string(from);
                String problem = DeviceNaming.problem(to);
                if (problem != null) {
                    throw map.error(from, Echo.quoted(to) + " is " + problem);
                }
                explicit.put(from, to);
            }
        }
        return new DeviceNaming(host, t0, t1, explicit);
    }

    private static NameTemplate template(YamlMapping section, String key, List<String> vars) throws ScenarioException {
        if (!section.has(key)) {
            return null;
        }
        try {
            return new NameTemplate(section.string(key), vars);
        } catch (IllegalArgumentException e) {
            throw section.error(key, e.getMessage());
        }
    }

    /** Faults in time order; faults at the same time keep their file order. */
    private static List<FaultSpec> faults(YamlMapping root, FabricNames names, long durationNs)
            throws ScenarioException {
        FaultReader reader = new FaultReader(names, durationNs);
        List<FaultSpec> faults = new ArrayList<>();
        for (YamlMapping fault : root.mappings("faults")) {
            faults.add(reader.read(fault));
        }
        faults.sort(Comparator.comparingLong(FaultSpec::atNs));
        return faults;
    }
}
