package org.planewatch.console.fleet;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * The partition of the updates topic a device's records are in: the collectors key them by device
 * and the producer's own partitioner (murmur2 of the key) picks it.
 */
final class UpdatesPartition {
    private UpdatesPartition() {}

    static int of(String device, int partitions) {
        return Utils.toPositive(Utils.murmur2(device.getBytes(StandardCharsets.UTF_8))) % partitions;
    }
}
