package org.planewatch.console.record;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a recording says about itself, stored in its {@code meta} table.
 *
 * @param sources the configured sources, e.g. "embedded demo" or a targets file's entries
 * @param scenario the simulated scenario's name, empty for real fabrics
 * @param dilation simulated time per wall time for simulated sources (1 for real fabrics)
 * @param appVersion the console version that wrote the file
 * @param fleet for a recording of a fleet from its Kafka topics (ADR 0106), the fleet's label ("fleet via
 *     Kafka host:port"): its replay shows the rollups it holds; empty for a recording of agents
 */
public record RecordingMetadata(String sources, String scenario, double dilation, String appVersion, String fleet) {
    static final String SOURCES = "sources";
    static final String SCENARIO = "scenario";
    static final String DILATION = "dilation";
    static final String APP_VERSION = "app_version";
    static final String SCHEMA_VERSION = "schema_version";
    static final String CREATED_MS = "created_ms";
    /** Written when the recorder closes the file, with its last batch: the file ends there by design, not by a crash. */
    static final String CLOSED_AFTER_BATCH = "closed_after_batch";
    /** The fleet recorded (format 6), absent from recordings of agents. */
    static final String FLEET = "fleet";

    public RecordingMetadata {
        sources = sources == null ? "" : sources;
        scenario = scenario == null ? "" : scenario;
        appVersion = appVersion == null ? "" : appVersion;
        fleet = fleet == null ? "" : fleet;
    }

    /** A recording of agents. */
    public RecordingMetadata(String sources, String scenario, double dilation, String appVersion) {
        this(sources, scenario, dilation, appVersion, "");
    }

    /** Whether this is a recording of a fleet's topics. */
    public boolean isFleet() {
        return !fleet.isEmpty();
    }

    Map<String, String> entries() {
        Map<String, String> entries = new LinkedHashMap<>(Map.of(
                SOURCES, sources, SCENARIO, scenario, DILATION, Double.toString(dilation), APP_VERSION, appVersion));
        if (isFleet()) {
            entries.put(FLEET, fleet);
        }
        return entries;
    }

    static RecordingMetadata from(Map<String, String> meta) {
        double dilation;
        try {
            dilation = Double.parseDouble(meta.getOrDefault(DILATION, "1"));
        } catch (NumberFormatException e) {
            dilation = Double.NaN;
        }
        return new RecordingMetadata(
                meta.get(SOURCES), meta.get(SCENARIO), dilation, meta.get(APP_VERSION), meta.get(FLEET));
    }
}
