package org.planewatch.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.InsecureChannelCredentials;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.backend.ConfigWriteException;
import org.planewatch.agent.testing.CapturedLog;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.Requests;
import org.planewatch.agent.testing.TestFabric;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.SetRequest;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

/** Issue 16: Sets and failed logins leave one audit line each, with who, where, what and the outcome. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AuditLogTest {

    @TempDir
    Path dir;

    private static final String PEER = "peer=127\\.0\\.0\\.1:[0-9]+";

    private Path users() throws Exception {
        Path users = dir.resolve("users");
        Files.writeString(users, PasswordFile.entry("ops", "s3cret".toCharArray()) + "\n");
        return users;
    }

    private static SetRequest linkDown() {
        return SetRequest.newBuilder()
                .setPrefix(Requests.target("host-0001"))
                .addUpdate(Update.newBuilder()
                        .setPath(Requests.path("sim:/links/link[name=l1]/config/state"))
                        .setVal(TypedValue.newBuilder().setStringVal("DOWN")))
                .build();
    }

    private static void assertOneLine(List<String> lines, String... patterns) {
        assertEquals(1, lines.size(), "exactly one line expected: " + lines);
        String line = lines.getFirst();
        for (String p : patterns) {
            assertTrue(Pattern.compile("(^| )" + p + "( |$)").matcher(line).find(), p + " not in: " + line);
        }
    }

    @Test
    void aSetLeavesOneAuditLineWithUserAddressPathValueAndOutcome() throws Exception {
        CapturedLog log = new CapturedLog();
        Path users = users();
        try (TestFabric fabric = new TestFabric(
                        TestFabric.options().withAllowConfigWrites(true), c -> c.withUsers(users), log.log);
                GnmiClient ops =
                        new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), "ops", "s3cret")) {
            fabric.backend.setConfigWriter((target, p, v) -> {});
            ops.blocking().set(linkDown());

            assertOneLine(
                    log.audit("set"),
                    "level=INFO",
                    "component=audit",
                    "user=ops",
                    PEER,
                    "path=\"host-0001 sim:/links/link\\[name=l1\\]/config/state\"",
                    "value=DOWN",
                    "result=accepted");

            fabric.backend.setConfigWriter((target, p, v) -> {
                throw new ConfigWriteException("no link named l1");
            });
            assertThrows(StatusRuntimeException.class, () -> ops.blocking().set(linkDown()));
            List<String> refused = log.audit("set").stream()
                    .filter(l -> l.contains("result=refused"))
                    .toList();
            assertOneLine(
                    refused,
                    "level=WARN",
                    "user=ops",
                    PEER,
                    "value=DOWN",
                    "code=INVALID_ARGUMENT",
                    "reason=\"[^\"]*no link named l1\"");
            assertEquals(2, log.audit("set").size(), log.text());
        }
    }

    @Test
    void aSetRefusedForWantOfPermissionIsAuditedToo() throws Exception {
        CapturedLog log = new CapturedLog();
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c, log.log);
                GnmiClient anonymous = fabric.client()) {
            fabric.backend.setConfigWriter((target, p, v) -> {
                throw new AssertionError("must not be called");
            });
            assertThrows(
                    StatusRuntimeException.class, () -> anonymous.blocking().set(linkDown()));

            assertOneLine(log.audit("set"), "user=-", PEER, "value=DOWN", "result=refused", "code=PERMISSION_DENIED");
        }
    }

    @Test
    void aFailedLoginLeavesOneAuditLineWithUserAddressAndReasonButNotThePassword() throws Exception {
        CapturedLog log = new CapturedLog();
        Path users = users();
        try (TestFabric fabric = new TestFabric(TestFabric.options(), c -> c.withUsers(users), log.log);
                GnmiClient wrong =
                        new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), "ops", "hunter2");
                GnmiClient stranger =
                        new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), "eve", "hunter3");
                GnmiClient none = fabric.client()) {
            assertThrows(
                    StatusRuntimeException.class,
                    () -> wrong.blocking().capabilities(CapabilityRequest.getDefaultInstance()));
            assertOneLine(
                    log.audit("auth-failed"),
                    "level=WARN",
                    "component=audit",
                    "user=ops",
                    PEER,
                    "reason=wrong-password");

            assertThrows(
                    StatusRuntimeException.class,
                    () -> stranger.blocking().capabilities(CapabilityRequest.getDefaultInstance()));
            assertOneLine(
                    log.audit("auth-failed").stream()
                            .filter(l -> l.contains("user=eve"))
                            .toList(),
                    PEER,
                    "reason=unknown-user");

            assertThrows(
                    StatusRuntimeException.class,
                    () -> none.blocking().capabilities(CapabilityRequest.getDefaultInstance()));
            assertOneLine(
                    log.audit("auth-failed").stream()
                            .filter(l -> l.contains("reason=no-credentials"))
                            .toList(),
                    "user=-",
                    PEER);

            assertEquals(3, log.audit("auth-failed").size(), log.text());
            assertFalse(log.text().contains("hunter"), "a password reached the log: " + log.text());
        }
    }

    @Test
    void withAnAuditFileTheAuditLinesGoThereAndNotToTheAgentsLog() throws Exception {
        CapturedLog log = new CapturedLog();
        Path users = users();
        Path auditFile = dir.resolve("audit.log");
        Files.writeString(auditFile, "an earlier line\n");
        try (TestFabric fabric = new TestFabric(
                        TestFabric.options(), c -> c.withUsers(users).withAuditLog(auditFile), log.log);
                GnmiClient wrong =
                        new GnmiClient(fabric.server.port(), InsecureChannelCredentials.create(), "ops", "nope")) {
            assertThrows(
                    StatusRuntimeException.class,
                    () -> wrong.blocking().capabilities(CapabilityRequest.getDefaultInstance()));
        }
        List<String> lines = Files.readAllLines(auditFile);
        assertEquals("an earlier line", lines.getFirst(), "appended, not overwritten");
        assertOneLine(lines.subList(1, lines.size()), "component=audit", "event=auth-failed", "user=ops", PEER);
        assertTrue(log.audit("auth-failed").isEmpty(), log.text());
    }

    @Test
    void clientTextIsClippedAndItsControlCharactersEscaped() {
        assertEquals("a\\x0ab\\x0dc", AuditLog.clip("a\nb\rc"));
        String clipped = AuditLog.clip("x".repeat(1_000));
        assertTrue(clipped.startsWith("x".repeat(AuditLog.MAX_FIELD) + "...(1000 chars)"), clipped);
        assertEquals("-", AuditLog.clip(null));
    }
}
