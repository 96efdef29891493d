package org.planewatch.agent.gnmi;

import org.planewatch.agent.log.ClientText;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.schema.TelemetrySchema;

/** Checks every request passes before the agent works on it. */
final class RequestLimits {

    private RequestLimits() {}

    /** RESOURCE_EXHAUSTED naming the count and the limit when a request carries more than {@code --max-paths-per-request} paths. */
    static void requirePaths(int count, String what, GnmiOptions options) {
        if (count > options.maxPathsPerRequest()) {
            throw GnmiException.resourceExhausted(
                    "the request has " + count + " " + what + ", more than the agent's limit of "
                            + options.maxPathsPerRequest() + " per request (--max-paths-per-request)");
        }
    }

    /** NOT_FOUND when {@code pattern} names no leaf of the schema: it can never have data. */
    static void requireInSchema(PathPattern pattern) {
        if (!TelemetrySchema.get().selectsAny(pattern)) {
            throw GnmiException.notFound("path " + ClientText.shown(pattern)
                    + " is not in the telemetry schema (see docs/telemetry-schema.md)");
        }
    }
}
