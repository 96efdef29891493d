package org.planewatch.collector.kafka.rollup;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.rollup.PlaneInputCodec;

/**
 * The by-plane stage's input in its repartition topic and store ({@link PlaneInputCodec}); null stays
 * null. A record of the JSON that collectors wrote before (ADR 0135), left in the store's changelog
 * or in flight in the repartition topic across an upgrade, is read as null, which the stage passes
 * over: the per-device tasks, started afresh by the upgrade, hand out every view they hold again.
 * Anything else that is not this format stops the stage with the codec's message.
 */
final class PlaneInputSerde implements Serde<PlaneInput> {
    @Override
    public Serializer<PlaneInput> serializer() {
        return (topic, value) -> value == null ? null : PlaneInputCodec.encode(value);
    }

    @Override
    public Deserializer<PlaneInput> deserializer() {
        return (topic, bytes) ->
                bytes == null || PlaneInputCodec.isEarlierJson(bytes) ? null : PlaneInputCodec.decode(bytes);
    }
}
