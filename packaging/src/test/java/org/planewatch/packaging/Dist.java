package org.planewatch.packaging;

import java.nio.file.Path;

/** Where {@code -Pdist} left the installers (system properties set by packaging/pom.xml). */
final class Dist {
    private Dist() {}

    static Path dir() {
        return Path.of(property("planewatch.dist"));
    }

    static String release() {
        return property("planewatch.release");
    }

    /** Where the smoke tests' screenshots go, kept for a look after a CI run. */
    static Path smokeDir() {
        return Path.of(property("planewatch.smoke.dir"));
    }

    static Path consoleDeb() {
        return dir().resolve("planewatch_" + release() + "_amd64.deb");
    }

    static Path consoleRpm() {
        return dir().resolve("planewatch-" + release() + "-1.x86_64.rpm");
    }

    static Path agentDeb() {
        return dir().resolve("planewatch-agent_" + release() + "_amd64.deb");
    }

    static Path collectorDeb() {
        return dir().resolve("planewatch-collector_" + release() + "_amd64.deb");
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException("system property " + name
                    + " is not set: run the installer tests through Maven (./mvnw -B -Pdist verify)");
        }
        return value;
    }
}
