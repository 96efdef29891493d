package org.planewatch.telemetry.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * The leaf families are the names code uses; the schema is what the agent serves and the document
 * lists. Each family's names must be leaves under its parent paths, and every leaf must have a name.
 */
class SchemaNamesTest {

    private static final List<Class<?>> FAMILIES = List.of(
            InterfaceLeaves.class,
            QueueLeaves.class,
            PlaneLeaves.class,
            QpLeaves.class,
            EvLeaves.class,
            ExclusionEventRing.class,
            AgentLeaves.class,
            SimLeaves.class,
            LldpLeaves.class);

    @Test
    void everyNameOfAFamilyIsALeafUnderOneOfItsParents() throws IllegalAccessException {
        Set<String> leaves = new HashSet<>();
        for (LeafDefinition leaf : TelemetrySchema.get().leaves()) {
            leaves.add(leaf.template().parent() + " " + leaf.name());
        }
        for (Class<?> family : FAMILIES) {
            List<TelemetryPath> parents = constants(family, TelemetryPath.class);
            for (String name : constants(family, String.class)) {
                if (InterfaceLeaves.READ_NOT_SERVED.contains(name)) {
                    continue;
                }
                assertTrue(
                        parents.stream().anyMatch(p -> leaves.contains(p + " " + name)),
                        family.getSimpleName() + " names '" + name + "', which is no leaf under " + parents);
            }
        }
    }

    @Test
    void everyLeafOfTheSchemaHasANamedConstant() throws IllegalAccessException {
        Set<String> named = new HashSet<>();
        for (Class<?> family : FAMILIES) {
            for (TelemetryPath parent : constants(family, TelemetryPath.class)) {
                for (String name : constants(family, String.class)) {
                    named.add(parent + " " + name);
                }
            }
        }
        List<String> unnamed = new ArrayList<>();
        for (LeafDefinition leaf : TelemetrySchema.get().leaves()) {
            if (!named.contains(leaf.template().parent() + " " + leaf.name())) {
                unnamed.add(leaf.template().toString());
            }
        }
        assertEquals(List.of(), unnamed, "schema leaves without a constant in a leaf family");
    }

    @Test
    void knownLeafNamesAreTheSchemasNames() {
        Set<String> names = new HashSet<>();
        TelemetrySchema.get().leaves().forEach(l -> names.add(l.name()));
        assertEquals(names, TelemetrySchema.get().leafNames());
    }

    private static <T> List<T> constants(Class<?> family, Class<T> type) throws IllegalAccessException {
        List<T> out = new ArrayList<>();
        for (Field f : family.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isPublic(m) && Modifier.isStatic(m) && f.getType() == type) {
                out.add(type.cast(f.get(null)));
            }
        }
        return out;
    }
}
