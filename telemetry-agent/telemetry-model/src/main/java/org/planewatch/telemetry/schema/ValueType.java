package org.planewatch.telemetry.schema;

/** The YANG-like type of a leaf and the gNMI TypedValue field that carries it. */
public enum ValueType {
    UINT64("uint64", "uint_val"),
    INT64("int64", "int_val"),
    STRING("string", "string_val"),
    ENUMERATION("enumeration", "string_val"),
    BOOLEAN("boolean", "bool_val"),
    DOUBLE("double", "double_val"),
    /** Nanoseconds since the epoch. */
    TIMESTAMP("timestamp (uint64 ns)", "uint_val");

    private final String yangName;
    private final String protoField;

    ValueType(String yangName, String protoField) {
        this.yangName = yangName;
        this.protoField = protoField;
    }

    public String yangName() {
        return yangName;
    }

    public String protoField() {
        return protoField;
    }
}
