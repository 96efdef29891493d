package org.planewatch.console.record;

import java.util.Map;

/**
 * What a recording says about itself, stored in its {@code meta} table.
 *
 * @param sources the configured sources, e.g. "embedded demo" or a targets file's entries
 * @param scenario the simulated scenario's name, empty for real fabrics
 * @param dilation simulated time per wall time for simulated sources (1 for real fabrics)
 * @param appVersion the console version that wrote the file
 */
public record RecordingMetadata(String sources, String scenario, double dilation, String appVersion) {
    static final String SOURCES = "sources";
    static final String SCENARIO = "scenario";
    static final String DILATION = "dilation";
    static final String APP_VERSION = "app_version";
    static final String SCHEMA_VERSION = "schema_version";
    static final String CREATED_MS = "created_ms";
    /** Written when the recorder closes the file, with its last batch: the file ends there by design, not by a crash. */
    static final String CLOSED_AFTER_BATCH = "closed_after_batch";

    public RecordingMetadata {
        sources = sources == null ? "" : sources;
        scenario = scenario == null ? "" : scenario;
        appVersion = appVersion == null ? "" : appVersion;
    }

    Map<String, String> entries() {
        return Map.of(
                SOURCES, sources, SCENARIO, scenario, DILATION, Double.toString(dilation), APP_VERSION, appVersion);
    }

    static RecordingMetadata from(Map<String, String> meta) {
        double dilation;
        try {
            dilation = Double.parseDouble(meta.getOrDefault(DILATION, "1"));
        } catch (NumberFormatException e) {
            dilation = Double.NaN;
        }
        return new RecordingMetadata(meta.get(SOURCES), meta.get(SCENARIO), dilation, meta.get(APP_VERSION));
    }
}
