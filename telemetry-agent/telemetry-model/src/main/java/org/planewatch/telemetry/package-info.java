/**
 * The telemetry model shared by the agent and the console: gNMI paths and wildcard patterns
 * ({@link org.planewatch.telemetry.path}), the schema of every leaf ({@link org.planewatch.telemetry.schema}),
 * and typed values and samples ({@link org.planewatch.telemetry.value}). Pure Java: no gRPC, no
 * protobuf, no JavaFX, no JDBC.
 */
package org.planewatch.telemetry;
