package org.planewatch.telemetry.schema;

/**
 * A data model as gNMI Capabilities advertise it ({@code ModelData}).
 *
 * <p>OpenConfig models carry their {@code openconfig-version}; our own modules (their YANG files are in
 * {@code src/main/yang} and on the classpath under {@code yang/}) carry their revision date.
 *
 * @param name module name
 * @param organization publisher
 * @param version OpenConfig's semantic version, or the module's revision date
 */
public record ModelInfo(String name, String organization, String version) {

    public static final ModelInfo OPENCONFIG_INTERFACES =
            new ModelInfo("openconfig-interfaces", "OpenConfig working group", "3.8.1");
    /** The Ethernet augmentation of interfaces: the port's speed. */
    public static final ModelInfo OPENCONFIG_IF_ETHERNET =
            new ModelInfo("openconfig-if-ethernet", "OpenConfig working group", "2.18.0");

    public static final ModelInfo OPENCONFIG_QOS = new ModelInfo("openconfig-qos", "OpenConfig working group", "2.2.0");
    public static final ModelInfo OPENCONFIG_LLDP =
            new ModelInfo("openconfig-lldp", "OpenConfig working group", "1.1.0");
    public static final ModelInfo PLANEWATCH_MRC = new ModelInfo("planewatch-mrc", "Planewatch", "2026-11-25");
    public static final ModelInfo PLANEWATCH_SIM = new ModelInfo("planewatch-sim", "Planewatch", "2026-11-25");
}
