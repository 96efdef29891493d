package org.planewatch.agent.backend;

import org.planewatch.telemetry.schema.DeviceRole;

/**
 * A device the agent serves as a gNMI target.
 *
 * @param name target name ({@code host-0007}, {@code p3-t0-12})
 * @param role host or switch: decides which schema subtrees it has
 */
public record TargetInfo(String name, DeviceRole role) {}
