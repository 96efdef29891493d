package org.planewatch.telemetry.yang;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.YangModule;

/**
 * Every leaf a Planewatch agent may serve, by origin: the leaves of our YANG modules (as yanglint
 * reads them) for {@code mrc} and {@code sim}, the published OpenConfig leaves for the empty origin.
 */
public final class ModelLeaves {

    private final Map<String, Map<String, YangTree.Leaf>> ours;
    private final OpenConfigLeaves openConfig;

    private ModelLeaves(Map<String, Map<String, YangTree.Leaf>> ours, OpenConfigLeaves openConfig) {
        this.ours = ours;
        this.openConfig = openConfig;
    }

    /** Copies our modules into {@code workDir}, reads their leaves with yanglint, loads the OpenConfig list. */
    public static ModelLeaves load(Path workDir) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("-f", "tree", "-L", "400"));
        args.addAll(YangLint.copyModules(workDir));
        String tree = YangLint.run(workDir, args.toArray(String[]::new)).clean();
        return new ModelLeaves(YangTree.parse(tree), OpenConfigLeaves.load());
    }

    /** The leaves of one of our modules, by path. */
    public Map<String, YangTree.Leaf> module(YangModule module) {
        return ours.getOrDefault(module.name(), Map.of());
    }

    public OpenConfigLeaves openConfig() {
        return openConfig;
    }

    /** The module that defines {@code leaf} (a concrete or template path), if any does. */
    public Optional<String> definedBy(TelemetryPath leaf) {
        String path = keyless(leaf);
        if (leaf.origin().isEmpty()) {
            return Optional.ofNullable(openConfig.leaves().get(path)).map(OpenConfigLeaves.Entry::module);
        }
        for (YangModule m : YangModule.OURS) {
            if (m.origin().equals(leaf.origin()) && module(m).containsKey(path)) {
                return Optional.of(m.name());
            }
        }
        return Optional.empty();
    }

    /** The leaves of {@code served} that no module defines, each as "path: why"; empty when all are defined. */
    public List<String> undefined(Iterable<TelemetryPath> served) {
        List<String> missing = new ArrayList<>();
        for (TelemetryPath leaf : served) {
            if (definedBy(leaf).isEmpty()) {
                missing.add(leaf + ": "
                        + (leaf.origin().isEmpty()
                                ? "not a leaf of the published OpenConfig models (" + OpenConfigLeaves.RESOURCE + ")"
                                : "not a leaf of our YANG module for origin '" + leaf.origin() + "'"));
            }
        }
        return missing;
    }

    /** The path without keys and origin: {@code /planes/plane/state/tx-pkts}. */
    public static String keyless(TelemetryPath path) {
        StringBuilder b = new StringBuilder();
        for (PathElem e : path.elems()) {
            b.append('/').append(e.name());
        }
        return b.toString();
    }
}
