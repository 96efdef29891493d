package org.planewatch.sim.scenario;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.planewatch.sim.input.Echo;

/**
 * Builds a configuration record from defaults plus the keys a scenario section sets. The keys are
 * the record's component names, so a field added to a configuration record is settable from a
 * scenario file at once, with the record's own validation reported at the key's line.
 */
final class RecordOverrides {

    private RecordOverrides() {}

    static List<String> keysOf(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getName)
                .toList();
    }

    /** The component values of a record by name, in declaration order. */
    static Map<String, Object> valuesOf(Record record) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            try {
                values.put(component.getName(), component.getAccessor().invoke(record));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + component.getName(), e);
            }
        }
        return values;
    }

    /** Reads every key of {@code section} that names a component (other than those in {@code skip}) into {@code values}. */
    static void readInto(
            Map<String, Object> values, Class<? extends Record> type, YamlMapping section, List<String> skip)
            throws ScenarioException {
        for (RecordComponent component : type.getRecordComponents()) {
            String key = component.getName();
            if (section.has(key) && !skip.contains(key)) {
                values.put(key, read(section, key, component.getType()));
            }
        }
    }

    /** Calls the canonical constructor; its validation failures become errors at the key they name. */
    static <R extends Record> R construct(Class<R> type, Map<String, Object> values, YamlMapping section)
            throws ScenarioException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types =
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] arguments =
                Arrays.stream(components).map(c -> values.get(c.getName())).toArray();
        try {
            Constructor<R> constructor = type.getDeclaredConstructor(types);
            return constructor.newInstance(arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException invalid) {
                throw invalidValue(section, keysOf(type), invalid.getMessage());
            }
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    /** Blames the key the record's message names, preferring one the section sets (its line is the useful one). */
    private static ScenarioException invalidValue(YamlMapping section, List<String> keys, String message) {
        List<String> mentioned = keys.stream()
                .filter(key ->
                        Pattern.compile("\\b" + key + "\\b").matcher(message).find())
                .toList();
        String blamed = mentioned.stream()
                .filter(section::has)
                .findFirst()
                .orElse(mentioned.isEmpty() ? null : mentioned.getFirst());
        if (blamed == null) {
            return section.errorHere(message);
        }
        String problem = message.startsWith(blamed + " must") ? message.substring(blamed.length() + 1) : message;
        return section.error(blamed, problem);
    }

    private static Object read(YamlMapping section, String key, Class<?> type) throws ScenarioException {
        if (type == int.class) {
            return section.intValue(key);
        }
        if (type == long.class) {
            return section.longValue(key);
        }
        if (type == double.class) {
            return section.doubleValue(key);
        }
        if (type == boolean.class) {
            return section.booleanValue(key);
        }
        if (type == String.class) {
            return section.string(key);
        }
        if (type.isEnum()) {
            return parseEnum(section, key, type);
        }
        throw section.error(key, "cannot be set in a scenario file");
    }

    /** Enums are read through their own {@code parse(String)} when they have one, for its aliases and message. */
    private static Object parseEnum(YamlMapping section, String key, Class<?> type) throws ScenarioException {
        String text = section.string(key);
        try {
            Method parse = type.getMethod("parse", String.class);
            return parse.invoke(null, text);
        } catch (InvocationTargetException e) {
            throw section.error(key, e.getCause().getMessage());
        } catch (NoSuchMethodException e) {
            for (Object constant : type.getEnumConstants()) {
                if (((Enum<?>) constant).name().equalsIgnoreCase(text)) {
                    return constant;
                }
            }
            throw section.error(
                    key,
                    "unknown value " + Echo.quoted(text) + " (expected one of: "
                            + String.join(
                                    ", ",
                                    Arrays.stream(type.getEnumConstants())
                                            .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT))
                                            .toList())
                            + ")");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot parse " + type.getSimpleName(), e);
        }
    }
}
