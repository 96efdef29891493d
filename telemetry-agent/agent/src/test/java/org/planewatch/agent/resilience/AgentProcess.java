package org.planewatch.agent.resilience;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.agent.testing.AgentChildProcess;

/** Starts the agent of this test's classpath as its own process and reads its heap after a full GC. */
final class AgentProcess {

    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    private AgentProcess() {}

    /** {@code AgentMain} with {@code args} after the loopback listen flags, at most {@code heap} of heap. */
    static AgentChildProcess start(Path dir, String heap, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                AgentChildProcess.java(),
                "-Xmx" + heap,
                "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "org.planewatch.agent.cli.AgentMain",
                "--listen",
                "127.0.0.1:0",
                "--insecure"));
        command.addAll(List.of(args));
        return AgentChildProcess.start(command, dir.resolve("agent.log"));
    }

    /** Heap in use right after a full collection ({@code jcmd GC.run}, then {@code GC.heap_info}). */
    static long heapAfterGcBytes(AgentChildProcess agent) throws Exception {
        jcmd(agent, "GC.run");
        Matcher m = HEAP_USED.matcher(jcmd(agent, "GC.heap_info"));
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : 0; // the first "used" is the whole heap's
    }

    private static String jcmd(AgentChildProcess agent, String command) throws Exception {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(agent.pid()),
                        command)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("jcmd " + command + " failed: " + out);
        }
        return out;
    }
}
