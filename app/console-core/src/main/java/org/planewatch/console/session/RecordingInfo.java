package org.planewatch.console.session;

import org.planewatch.console.record.RecordingMetadata;

/**
 * What a live session's recordings say about where their data came from.
 *
 * @param sources the configured sources, e.g. "embedded demo" or a targets file's entries
 * @param scenario the simulated scenario's name, empty for real fabrics
 * @param dilation simulated time per wall time for simulated sources (1 for real fabrics)
 * @param appVersion the console version that writes the file
 */
public record RecordingInfo(String sources, String scenario, double dilation, String appVersion) {
    RecordingMetadata metadata() {
        return new RecordingMetadata(sources, scenario, dilation, appVersion);
    }
}
