package org.planewatch.telemetry.schema;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * One leaf of the schema.
 *
 * @param template the leaf path with every key value {@code *} ({@code /interfaces/interface[name=*]/state/oper-status})
 * @param kind what it measures (counter, gauge, state, event, config)
 * @param type its value type
 * @param enumValues the allowed values of an enumeration, else empty
 * @param roles the devices that carry it
 * @param model the data model it belongs to
 * @param description one sentence for humans
 */
public record LeafDefinition(
        TelemetryPath template,
        LeafKind kind,
        ValueType type,
        List<String> enumValues,
        Set<DeviceRole> roles,
        ModelInfo model,
        String description) {

    public LeafDefinition {
        Objects.requireNonNull(template, "template");
        enumValues = List.copyOf(enumValues);
        roles = Set.copyOf(roles);
        if ((type == ValueType.ENUMERATION) == enumValues.isEmpty()) {
            throw new IllegalArgumentException(template + ": enum values go with, and only with, enumerations");
        }
        for (PathElem e : template.elems()) {
            if (e.keys().values().stream().anyMatch(v -> !v.equals(PathElem.ANY))) {
                throw new IllegalArgumentException(template + ": template keys must be '*'");
            }
        }
    }

    /** The leaf name (last element). */
    public String name() {
        return template.last().name();
    }

    /** Origin and element names without keys: identifies the leaf of any concrete path. */
    public String shape() {
        return TelemetrySchema.shapeOf(template);
    }
}
