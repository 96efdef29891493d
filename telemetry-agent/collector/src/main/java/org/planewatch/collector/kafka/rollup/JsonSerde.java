package org.planewatch.collector.kafka.rollup;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import org.planewatch.fleet.RollupJson;

/** A rollup record as JSON in a Kafka topic; null stays null (a tombstone). */
final class JsonSerde<T> implements Serde<T> {
    private final Class<T> type;

    JsonSerde(Class<T> type) {
        this.type = type;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> value == null ? null : RollupJson.encode(value);
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> bytes == null ? null : RollupJson.decode(bytes, type);
    }
}
