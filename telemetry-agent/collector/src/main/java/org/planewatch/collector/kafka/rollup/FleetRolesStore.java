package org.planewatch.collector.kafka.rollup;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.planewatch.collector.rollup.FleetRole;
import org.planewatch.console.state.FleetRoles;

/**
 * The roles topic read back whole into a global store in every collector running the rollups (ADR
 * 0116): Kafka Streams' global thread {@linkplain Writer writes} it, the per-device tasks {@linkplain
 * #reader read} it. The version counts the changes the writer made, so a task learns its topology
 * again when the fleet taught it something.
 */
final class FleetRolesStore {
    static final String STORE = "fleet-roles";

    private final AtomicLong changes = new AtomicLong();

    /** The global store's processor: every record of the roles topic into the store. */
    Processor<String, String, Void, Void> writer() {
        return new Writer();
    }

    private final class Writer implements Processor<String, String, Void, Void> {
        private KeyValueStore<String, String> store;

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, String> record) {
            if (record.key() == null) {
                return;
            }
            String before = record.value() == null ? store.delete(record.key()) : store.get(record.key());
            if (record.value() != null) {
                store.put(record.key(), record.value());
            }
            if (before == null ? record.value() != null : !before.equals(record.value())) {
                changes.incrementAndGet();
            }
        }
    }

    /** The roles as a per-device task's store asks for them. */
    FleetRoles reader(ReadOnlyKeyValueStore<String, String> store) {
        return new FleetRoles() {
            @Override
            public boolean isHost(String device) {
                FleetRole role = FleetRole.parse(device, store.get(device));
                return role != null && role.isHost();
            }

            @Override
            public int t0Plane(String device) {
                FleetRole role = FleetRole.parse(device, store.get(device));
                return role == null ? -1 : role.t0Plane();
            }

            @Override
            public int t1Plane(String device) {
                FleetRole role = FleetRole.parse(device, store.get(device));
                return role == null ? -1 : role.t1Plane();
            }

            @Override
            public long version() {
                return changes.get();
            }
        };
    }
}
