package org.planewatch.telemetry.schema;

import java.util.List;

/**
 * One of our own YANG modules: the tree of an origin outside OpenConfig. The module file is
 * {@code src/main/yang/<name>.yang} in telemetry-model and {@link #resource()} on the classpath; a
 * test holds the file's name, namespace, prefix, organization and revision against this record.
 *
 * @param model how Capabilities advertise it (version = the module's revision date)
 * @param origin the gNMI origin whose paths it defines
 * @param namespace the module's XML namespace
 * @param prefix the module's prefix
 */
public record YangModule(ModelInfo model, String origin, String namespace, String prefix) {

    public static final YangModule MRC =
            new YangModule(ModelInfo.PLANEWATCH_MRC, TelemetrySchema.MRC, "urn:planewatch:yang:mrc", "pw-mrc");
    public static final YangModule SIM =
            new YangModule(ModelInfo.PLANEWATCH_SIM, TelemetrySchema.SIM, "urn:planewatch:yang:sim", "pw-sim");

    /** Every module of ours, one per origin outside OpenConfig. */
    public static final List<YangModule> OURS = List.of(MRC, SIM);

    public String name() {
        return model.name();
    }

    /** The module's YANG text on the classpath (from the telemetry-model jar). */
    public String resource() {
        return "yang/" + name() + ".yang";
    }
}
