package org.planewatch.sim.scenario;

import static org.planewatch.sim.config.WorkloadType.INCAST;
import static org.planewatch.sim.config.WorkloadType.MATRIX;
import static org.planewatch.sim.config.WorkloadType.TRAINING;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.config.WorkloadConfig.Flow;
import org.planewatch.sim.config.WorkloadType;
import org.planewatch.sim.input.Echo;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.limits.ScenarioFootprint;
import org.planewatch.sim.workload.ConnectionMatrixReader;
import org.planewatch.sim.workload.MatrixFormatException;

/**
 * Reads the {@code workload} section. Keys are the components of {@link WorkloadConfig}; a key that
 * belongs to another workload type is rejected rather than silently ignored. A {@code matrix}
 * workload takes its flows inline ({@code flows}) or from an htsim connection-matrix file
 * ({@code connectionMatrix}, relative to the scenario file).
 */
final class WorkloadReader {

    static final long DEFAULT_MESSAGE_BYTES = 1_048_576;
    static final String CONNECTION_MATRIX = "connectionMatrix";

    private static final Set<WorkloadType> ALL_BUT_MATRIX = EnumSet.complementOf(EnumSet.of(MATRIX));
    private static final Map<String, Set<WorkloadType>> APPLIES_TO = Map.of(
            "messageBytes",
            ALL_BUT_MATRIX,
            "repeat",
            ALL_BUT_MATRIX,
            "hosts",
            ALL_BUT_MATRIX,
            "senders",
            EnumSet.of(INCAST),
            "receiver",
            EnumSet.of(INCAST),
            "computeGapNs",
            EnumSet.of(TRAINING),
            "collective",
            EnumSet.of(TRAINING),
            "flows",
            EnumSet.of(MATRIX),
            CONNECTION_MATRIX,
            EnumSet.of(MATRIX),
            "ringStride",
            EnumSet.of(WorkloadType.ALLREDUCE, TRAINING));

    private final FabricConfig fabric;
    private final TransportConfig transport;
    private final Path baseDir;
    private final HeapBudget budget;

    WorkloadReader(FabricConfig fabric, TransportConfig transport, Path baseDir, HeapBudget budget) {
        this.fabric = fabric;
        this.transport = transport;
        this.baseDir = baseDir;
        this.budget = budget;
    }

    static List<String> keys() {
        List<String> keys = new ArrayList<>(RecordOverrides.keysOf(WorkloadConfig.class));
        keys.add(CONNECTION_MATRIX);
        return keys;
    }

    WorkloadConfig read(YamlMapping section) throws ScenarioException {
        section.rejectUnknownKeys(keys());
        section.requirePresent("type");
        WorkloadType type = parseType(section);
        for (String key : section.keys()) {
            Set<WorkloadType> types = APPLIES_TO.get(key);
            if (types != null && !types.contains(type)) {
                throw section.error(
                        key,
                        Echo.quoted(key) + " does not apply to " + name(type) + " workloads (only to "
                                + types.stream().map(WorkloadReader::name).collect(Collectors.joining(", ")) + ")");
            }
        }
        WorkloadConfig workload = type == MATRIX ? matrix(section) : pattern(section, type);
        checkHosts(section, workload);
        return workload;
    }

    private static WorkloadType parseType(YamlMapping section) throws ScenarioException {
        try {
            return WorkloadType.parse(section.string("type"));
        } catch (IllegalArgumentException e) {
            throw section.error("type", e.getMessage());
        }
    }

    private static WorkloadConfig pattern(YamlMapping section, WorkloadType type) throws ScenarioException {
        Map<String, Object> values = RecordOverrides.valuesOf(WorkloadConfig.permutation(DEFAULT_MESSAGE_BYTES, 1));
        values.put("type", type);
        RecordOverrides.readInto(values, WorkloadConfig.class, section, List.of("type", "flows"));
        return RecordOverrides.construct(WorkloadConfig.class, values, section);
    }

    private WorkloadConfig matrix(YamlMapping section) throws ScenarioException {
        boolean inline = section.has("flows");
        boolean fromFile = section.has(CONNECTION_MATRIX);
        if (inline == fromFile) {
            throw inline
                    ? section.error(CONNECTION_MATRIX, "give flows or connectionMatrix, not both")
                    : section.errorHere("a matrix workload needs flows or connectionMatrix");
        }
        List<Flow> flows = inline ? inlineFlows(section) : fileFlows(section);
        if (flows.isEmpty()) {
            throw section.error(inline ? "flows" : CONNECTION_MATRIX, "a matrix workload needs at least one flow");
        }
        return WorkloadConfig.matrix(flows);
    }

    private List<Flow> inlineFlows(YamlMapping section) throws ScenarioException {
        FabricNames names = new FabricNames(fabric);
        List<Flow> flows = new ArrayList<>();
        for (YamlMapping flow : section.mappings("flows")) {
            flow.rejectUnknownKeys(List.of("src", "dst", "bytes", "startNs"));
            int src = host(flow, "src", names);
            int dst = host(flow, "dst", names);
            if (src == dst) {
                throw flow.error("dst", "flow from host " + src + " to itself");
            }
            flow.requirePresent("bytes");
            long bytes = flow.longValue("bytes");
            if (bytes <= 0) {
                throw flow.error("bytes", "must be > 0, got " + bytes);
            }
            long startNs = flow.has("startNs") ? flow.nonNegativeLong("startNs") : 0;
            try {
                flows.add(new Flow(src, dst, bytes, startNs));
            } catch (IllegalArgumentException e) {
                throw flow.error("startNs", e.getMessage().replaceFirst("^startNs ", ""));
            }
        }
        return flows;
    }

    private static int host(YamlMapping flow, String key, FabricNames names) throws ScenarioException {
        flow.requirePresent(key);
        int host = flow.intValue(key);
        try {
            names.checkHost(host);
        } catch (IllegalArgumentException e) {
            throw flow.error(key, e.getMessage());
        }
        return host;
    }

    /** Flows of a connection-matrix file; one too large for the heap is refused at its Connections line. */
    private List<Flow> fileFlows(YamlMapping section) throws ScenarioException {
        String name = section.string(CONNECTION_MATRIX);
        Path file;
        try {
            file = baseDir.resolve(name);
        } catch (InvalidPathException e) {
            throw section.error(CONNECTION_MATRIX, "not a file name: " + Echo.quoted(name));
        }
        try {
            return ConnectionMatrixReader.read(file, ScenarioFootprint.connectionLimit(transport, budget))
                    .flows();
        } catch (MatrixFormatException e) {
            throw section.error(CONNECTION_MATRIX, e.getMessage());
        }
    }

    /** Host numbers and counts against the hosts taking part ({@code hosts}, or the whole fabric). */
    private void checkHosts(YamlMapping section, WorkloadConfig workload) throws ScenarioException {
        int hostCount = fabric.hostCount();
        if (workload.hosts() > hostCount) {
            throw section.error("hosts", "fabric has only " + hostCount + " hosts");
        }
        int taking = workload.hosts() == 0 ? hostCount : workload.hosts();
        String countKey = section.has("hosts") ? "hosts" : "type";
        if (workload.type() != MATRIX && workload.type() != INCAST && taking < 2) {
            throw section.error(countKey, name(workload.type()) + " needs at least 2 hosts, got " + taking);
        }
        if (workload.type() == INCAST) {
            if (workload.receiver() >= taking) {
                throw section.error(
                        "receiver",
                        "host " + workload.receiver() + " is not among the " + taking + " hosts taking part (0.."
                                + (taking - 1) + ")");
            }
            if (workload.senders() > taking - 1) {
                throw section.error("senders", taking + " hosts take part, so at most " + (taking - 1) + " senders");
            }
        }
        boolean ring = workload.type() == WorkloadType.ALLREDUCE
                || workload.type() == TRAINING && workload.collective() == WorkloadType.ALLREDUCE;
        if (section.has("ringStride") && !ring) {
            throw section.error(
                    "ringStride", "ringStride applies to a ring all-reduce (training with collective allreduce)");
        }
        if (ring && taking % workload.ringStride() != 0) {
            throw section.error(
                    "ringStride",
                    "ringStride " + workload.ringStride() + " must divide the " + taking + " hosts taking part");
        }
        FabricNames names = new FabricNames(fabric);
        for (int i = 0; i < workload.flows().size(); i++) {
            Flow flow = workload.flows().get(i);
            try {
                names.checkHost(flow.src());
                names.checkHost(flow.dst());
            } catch (IllegalArgumentException e) {
                String key = section.has("flows") ? "flows" : CONNECTION_MATRIX;
                throw section.error(key, "flow " + i + " (" + flow.src() + "->" + flow.dst() + "): " + e.getMessage());
            }
        }
    }

    private static String name(WorkloadType type) {
        return type.name().toLowerCase(Locale.ROOT);
    }
}
