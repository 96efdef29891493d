package org.planewatch.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The console as operators get it: the app-image and the {@code .deb} run their smoke test (the
 * embedded demo, a frame drawn from live data, a screenshot); the {@code .deb} installs and purges
 * cleanly; the {@code .rpm} is built where rpmbuild exists.
 */
class ConsoleInstallerTest {
    private static final Duration SMOKE_TIMEOUT = Duration.ofMinutes(3);
    private static final long DEB_SIZE_LIMIT = 80L * 1024 * 1024;
    private static final Path INSTALLED_LAUNCHER = Path.of("/opt/planewatch/bin/planewatch");
    private static final Path INSTALLED_DESKTOP_ENTRY =
            Path.of("/usr/share/applications/planewatch-planewatch.desktop");
    private static final Path INSTALLED_MIME_TYPE = Path.of("/usr/share/mime/packages/planewatch-planewatch.xml");

    /**
     * Also records the smoke test's demo and reads the file back with {@code diagnose}: the jar keeps
     * only Linux x86-64 native libraries (docs/adr/0107), and this is where SQLite's must load.
     */
    @Test
    void appImageSmokeTestPassesHeadlessAndItsRecordingReadsBack() throws IOException {
        Path launcher = Dist.dir().resolve("planewatch/bin/planewatch");
        assertTrue(Files.isExecutable(launcher), launcher + " is missing: -Pdist did not build the app-image");
        Path recording = Dist.smokeDir().resolve("app-image-headless.pwrec");
        Files.createDirectories(recording.getParent());
        Files.deleteIfExists(recording);
        smokeTest(launcher, "app-image-headless.png", false, "--record", recording.toString());
        assertTrue(Files.size(recording) > 0, recording + " is empty");
        Shell.Result diagnose = Shell.run(
                SMOKE_TIMEOUT,
                Map.of("DISPLAY", ""),
                List.of(launcher.toString(), "diagnose", recording.toString(), "--json"));
        assertEquals(0, diagnose.status(), diagnose.describe());
        assertTrue(diagnose.output().contains("{\"suspects\": ["), diagnose.describe());
    }

    @Test
    void appImageSmokeTestPassesInAnXServer() throws IOException {
        Shell.skipUnless(Shell.has("xvfb-run"), "xvfb-run is not installed (apt-get install xvfb)");
        smokeTest(Dist.dir().resolve("planewatch/bin/planewatch"), "app-image-xvfb.png", true);
    }

    @Test
    void debStaysUnder80MegabytesAndDependsOnGtk() throws IOException {
        Path deb = Dist.consoleDeb();
        long size = Files.size(deb);
        System.out.printf("[installer test] %s: %.1f MB%n", deb.getFileName(), size / 1024.0 / 1024.0);
        assertTrue(size < DEB_SIZE_LIMIT, deb + " is " + size + " bytes, over the 80 MB target");
        Shell.skipUnless(Shell.has("dpkg-deb"), "dpkg-deb is not installed");
        String depends = Shell.run(Duration.ofSeconds(30), "dpkg-deb", "-f", deb.toString(), "Depends")
                .output();
        assertTrue(
                depends.contains("libgtk-3-0"), "JavaFX loads GTK with dlopen, the package must name it: " + depends);
        String version = Shell.run(Duration.ofSeconds(30), "dpkg-deb", "-f", deb.toString(), "Version")
                .output()
                .strip();
        assertEquals(Dist.release(), version);
    }

    @Test
    void debInstallsRunsItsSmokeTestAndPurgesCleanly() throws IOException {
        Path deb = Dist.consoleDeb();
        Shell.skipUnlessDpkgMayInstall(deb, "planewatch");
        try {
            Shell.Result install = Shell.run(Duration.ofMinutes(3), "dpkg", "-i", deb.toString());
            assertEquals(0, install.status(), install.describe());
            assertTrue(Shell.installed("planewatch"));
            assertTrue(Files.isExecutable(INSTALLED_LAUNCHER), INSTALLED_LAUNCHER + " was not installed");
            // The menu entry, and the .pwrec association: opening a recording passes it to the console.
            String entry = Files.readString(INSTALLED_DESKTOP_ENTRY);
            assertTrue(entry.contains("Exec=/opt/planewatch/bin/planewatch %f"), entry);
            assertTrue(entry.contains("MimeType=application/x-planewatch-recording"), entry);
            assertTrue(entry.contains("Categories=Network;Monitor;System;"), entry);
            assertTrue(
                    Files.readString(INSTALLED_MIME_TYPE).contains("<glob pattern=\"*.pwrec\">"),
                    INSTALLED_MIME_TYPE + " does not claim *.pwrec");
            smokeTest(INSTALLED_LAUNCHER, "deb-installed.png", Shell.has("xvfb-run"));
        } finally {
            Shell.Result purge = Shell.run(Duration.ofMinutes(2), "dpkg", "-P", "planewatch");
            assertEquals(0, purge.status(), purge.describe());
        }
        assertFalse(Shell.installed("planewatch"), "dpkg still lists planewatch after the purge");
        assertFalse(Files.exists(Path.of("/opt/planewatch")), "/opt/planewatch is left behind after the purge");
        assertFalse(Files.exists(INSTALLED_DESKTOP_ENTRY), INSTALLED_DESKTOP_ENTRY + " is left behind after the purge");
        assertFalse(Files.exists(INSTALLED_MIME_TYPE), INSTALLED_MIME_TYPE + " is left behind after the purge");
    }

    @Test
    void rpmIsBuiltWhereRpmbuildExists() {
        Shell.skipUnless(
                Files.isExecutable(Path.of("/usr/bin/rpmbuild")),
                "rpmbuild is not installed, so -Pdist built no .rpm (apt-get install rpm)");
        Path rpm = Dist.consoleRpm();
        assertTrue(Files.isRegularFile(rpm), rpm + " was not built although rpmbuild exists");
        Shell.Result files = Shell.run(Duration.ofMinutes(1), "rpm", "-qpl", rpm.toString());
        assertTrue(files.output().contains("/opt/planewatch/bin/planewatch"), files.describe());
        Shell.Result requires = Shell.run(Duration.ofMinutes(1), "rpm", "-qp", "--requires", rpm.toString());
        assertTrue(requires.output().contains("gtk3"), requires.describe());
        // Our scripts (planewatch.spec), not jpackage's xdg-desktop-menu calls that fail without a menu directory.
        Shell.Result scripts = Shell.run(Duration.ofMinutes(1), "rpm", "-qp", "--scripts", rpm.toString());
        assertTrue(
                scripts.output().contains("/usr/share/applications/planewatch-planewatch.desktop"), scripts.describe());
        assertFalse(scripts.output().contains("xdg-desktop-menu"), scripts.describe());
    }

    /** Runs {@code --smoke-test} and checks its contract: status 0, the message, a full-size PNG. */
    private static void smokeTest(Path launcher, String screenshotName, boolean inXServer, String... extraArguments)
            throws IOException {
        Path png = Dist.smokeDir().resolve(screenshotName);
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);
        List<String> command =
                new ArrayList<>(List.of(launcher.toString(), "--smoke-test", "--screenshot", png.toString()));
        if (!inXServer) {
            command.add("--headless");
        }
        command.addAll(List.of(extraArguments));
        // No DISPLAY from the build machine's session: the headless run must not need one.
        Map<String, String> environment = inXServer ? Map.of() : Map.of("DISPLAY", "");
        Shell.Result run = Shell.run(SMOKE_TIMEOUT, environment, inXServer ? Shell.inXServer(command) : command);
        assertEquals(0, run.status(), run.describe());
        assertTrue(run.output().contains("Smoke test passed: live frame with 8 planes"), run.describe());
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image != null, png + " is not a PNG");
        assertEquals(1600, image.getWidth(), "screenshot width");
        assertEquals(960, image.getHeight(), "screenshot height");
    }
}
