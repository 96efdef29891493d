package org.planewatch.telemetry.schema;

/**
 * A data model as gNMI Capabilities advertise it ({@code ModelData}).
 *
 * @param name module name
 * @param organization publisher
 * @param version revision
 */
public record ModelInfo(String name, String organization, String version) {

    public static final ModelInfo OPENCONFIG_INTERFACES =
            new ModelInfo("openconfig-interfaces", "OpenConfig working group", "3.7.1");
    /** The Ethernet augmentation of interfaces: the port's speed. */
    public static final ModelInfo OPENCONFIG_IF_ETHERNET =
            new ModelInfo("openconfig-if-ethernet", "OpenConfig working group", "2.18.0");

    public static final ModelInfo OPENCONFIG_QOS =
            new ModelInfo("openconfig-qos", "OpenConfig working group", "0.11.2");
    public static final ModelInfo PLANEWATCH_MRC = new ModelInfo("planewatch-mrc", "Planewatch", "0.1.0");
    public static final ModelInfo PLANEWATCH_SIM = new ModelInfo("planewatch-sim", "Planewatch", "0.1.0");
}
