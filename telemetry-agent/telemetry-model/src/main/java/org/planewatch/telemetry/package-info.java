/**
 * The telemetry model shared by the agent and the console: gNMI paths and wildcard patterns
 * ({@link org.planewatch.telemetry.path}), the schema of every leaf ({@link org.planewatch.telemetry.schema}),
 * typed values and samples ({@link org.planewatch.telemetry.value}), and the worker loops with an
 * injected clock that both sides' threads run on ({@link org.planewatch.telemetry.worker}, ADR 0092).
 * Pure Java: no gRPC, no protobuf, no JavaFX, no JDBC.
 */
package org.planewatch.telemetry;
