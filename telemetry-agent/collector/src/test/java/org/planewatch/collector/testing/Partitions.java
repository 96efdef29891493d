package org.planewatch.collector.testing;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/** Where Kafka's default partitioner puts a record keyed by a device's name. */
public final class Partitions {
    private Partitions() {}

    /** The partition of {@code partitions} a record keyed by {@code device} goes to. */
    public static int of(String device, int partitions) {
        return Utils.toPositive(Utils.murmur2(device.getBytes(StandardCharsets.UTF_8))) % partitions;
    }
}
