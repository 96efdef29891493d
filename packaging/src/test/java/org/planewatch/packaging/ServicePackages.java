package org.planewatch.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

/**
 * The checks every package that installs a systemd service (the agent's, the collector's) must
 * pass in the same way: installed only where it may be, a unit that runs the program as the
 * {@value #USER} system user with its configuration file's arguments and a memory cap,
 * configuration readable by that group only, and a purge that leaves nothing behind.
 */
final class ServicePackages {
    static final String USER = "planewatch";

    private ServicePackages() {}

    /** Installs the package, or skips the test where installing would touch an operator's machine. */
    static void install(Path deb, String packageName) {
        Shell.skipUnlessDpkgMayInstall(deb, packageName);
        Shell.skipUnless(!Shell.userExists(USER), "a user '" + USER + "' exists already; the purge would delete it");
        Shell.Result install = Shell.run(Duration.ofMinutes(3), "dpkg", "-i", deb.toString());
        assertEquals(0, install.status(), install.describe());
    }

    /** Checks the unit's user, arguments and memory cap; returns its text for further checks. */
    static String checkedUnit(Path unitFile, String program, Path config, String argumentsVariable) throws IOException {
        String unit = Files.readString(unitFile);
        assertTrue(unit.contains("User=" + USER), unit);
        assertTrue(unit.contains("EnvironmentFile=" + config), unit);
        assertTrue(unit.contains("ExecStart=" + program + " $" + argumentsVariable), unit);
        assertTrue(
                unit.contains("\nMemoryMax=") && unit.contains("\nMemoryHigh="),
                "the unit caps the service's memory: " + unit);
        return unit;
    }

    /** Configuration may hold secrets: group {@value #USER}, not readable by others. */
    static void assertReadableByTheServiceGroupOnly(Path file) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(file, PosixFileAttributes.class);
        assertEquals(USER, attributes.group().getName(), file + " group");
        assertEquals("rw-r-----", PosixFilePermissions.toString(attributes.permissions()), file + " mode");
    }

    static void assertSystemUserWithoutLoginShell() {
        String user =
                Shell.run(Duration.ofSeconds(10), "getent", "passwd", USER).output();
        assertTrue(user.strip().endsWith(":/usr/sbin/nologin"), "a system user without a login shell: " + user);
    }

    /** Purges the package; then it, these paths and the service's user must be gone. */
    static void purgeLeavingNothing(String packageName, Path... paths) {
        Shell.Result purge = Shell.run(Duration.ofMinutes(2), "dpkg", "-P", packageName);
        assertEquals(0, purge.status(), purge.describe());
        assertFalse(Shell.installed(packageName), "dpkg still lists " + packageName + " after the purge");
        for (Path path : paths) {
            assertFalse(Files.exists(path), path + " is left behind after the purge");
        }
        assertFalse(Shell.userExists(USER), "the " + USER + " user is left behind after the purge");
    }
}
