package org.planewatch.console.state.localize;

import java.util.List;

/**
 * What the localization needs to know of the fabric's names, asked of the model in one place: the
 * two ends of a link named in a decision and whether an end is a switch or a host. Today the model
 * reads it from the naming convention; once it learns the topology elsewhere (LLDP), only the
 * implementation changes.
 */
public interface FabricElements {
    /** The devices at the two ends of {@code link}, or an empty list when the name says nothing. */
    List<String> ends(String link);

    boolean isSwitch(String device);

    boolean isHost(String device);
}
