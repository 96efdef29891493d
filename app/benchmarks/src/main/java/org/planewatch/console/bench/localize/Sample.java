package org.planewatch.console.bench.localize;

import java.util.List;

/**
 * The console's ranked suspects at one instant of an incident.
 *
 * @param simUs the simulator's time when the console's newest snapshot was read
 * @param suspects names of the suspects, best first
 */
public record Sample(long simUs, List<String> suspects) {
    public Sample {
        suspects = List.copyOf(suspects);
    }
}
