package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.replay.ReplayEngine;
import org.planewatch.console.state.AlarmThresholds;

/**
 * The resilience suite: recordings damaged every way a file gets damaged, each opened and replayed as
 * the console does (open, the timeline's marks, the decision history, the first seek, then playing to
 * the end and seeking about). Each must be refused with a message that names the file and says what
 * is wrong, or open with the damage reported (a gap, a damaged keyframe, an abrupt end), or replay
 * exactly as the intact recording did (the damage hit unused space); none may hang or end in another
 * exception. A flipped byte in a data block is always found (zlib's checksum, and each batch row is
 * checked against its block). SQLite itself has no checksum: a flipped byte in a stored number or
 * text outside the data blocks (an alarm's message, an activity count) can change what is shown
 * unnoticed; the suite counts those and prints every outcome.
 */
class DamagedRecordingsTest {
    private static final int BATCHES = 120;
    /** SQLite's default, which the recorder keeps. */
    private static final long PAGE_SIZE = 4096;

    /** How a damaged recording was handled. */
    enum Handling {
        REFUSED,
        DAMAGE_REPORTED,
        REPLAYS_AS_INTACT,
        CHANGED_UNREPORTED
    }

    record Outcome(String variant, Handling handling, String message) {}

    @TempDir
    Path dir;

    private Path intact;
    private String intactReplay;
    private final List<Outcome> outcomes = new ArrayList<>();

    @BeforeEach
    void recordTheIntactOriginal() throws Exception {
        intact = dir.resolve("intact.pwrec");
        DamagedRecordings.recorded(intact, BATCHES);
        intactReplay = replayed(intact);
    }

    @Test
    void everyKindOfDamageIsRefusedOrReportedAndNothingHangsOrThrows() throws Exception {
        everyKindOfDamage(12, 40, 10, 5, 1);
    }

    @Test
    @Tag("slow")
    void everyKindOfDamageIsRefusedOrReportedInAThousandVariants() throws Exception {
        everyKindOfDamage(100, 600, 200, 60, 11);
    }

    /** The named cases, then truncations, byte flips anywhere and in blocks, so many of each, from {@code seed}; prints the outcomes. */
    private void everyKindOfDamage(int truncations, int pageFlips, int batchFlips, int keyframeFlips, long seed)
            throws Exception {
        namedVariants();
        truncations(new long[] {0, 10, 99, 100, 4096}, truncations);
        pageFlips(pageFlips, seed);
        blockFlips("batches", batchFlips, seed + 1);
        blockFlips("keyframes", keyframeFlips, seed + 2);
        report();
    }

    /** The cases an operator meets, each with the answer it must get. */
    private void namedVariants() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.pwrec"));
        expectRefused("zero-length file", empty, "is empty (0 bytes), not a Planewatch recording");
        Path notes = Files.writeString(dir.resolve("notes.pwrec"), "incident notes, not a recording\n".repeat(20));
        expectRefused("not SQLite", notes, "is not a Planewatch recording (not an SQLite database)");
        Path other = dir.resolve("other.pwrec");
        sql(other, "CREATE TABLE t(x)");
        expectRefused("SQLite of another application", other, "is an SQLite database but not a Planewatch recording");
        Path schema = dir.resolve("schema.pwrec");
        sql(
                schema,
                "PRAGMA application_id = " + RecordingSchema.APPLICATION_ID,
                "PRAGMA user_version = " + RecordingSchema.VERSION,
                "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
                "CREATE TABLE batches(seq INTEGER PRIMARY KEY)");
        expectRefused(
                "SQLite of another schema",
                schema,
                "is not a complete Planewatch recording: it has no table strings, leaves,"
                        + " keyframes, exclusions, activity, alarms, bookmarks");
        Path future = copyOfIntact("future.pwrec");
        sql(future, "PRAGMA user_version = " + (RecordingSchema.VERSION + 1));
        expectRefused(
                "future format version",
                future,
                "was written by a newer Planewatch (recording format " + (RecordingSchema.VERSION + 1)
                        + "; this console reads formats up to " + RecordingSchema.VERSION
                        + "). Open it with a newer console.");
        Path noLog = DamagedRecordings.abandoned(dir, "no-wal.pwrec", 40, 0);
        Files.delete(Path.of(noLog + "-wal"));
        expectRefused(
                "missing -wal holding all data", noLog, "is not a finished Planewatch recording: it was never closed");
        Path halfLog = DamagedRecordings.abandoned(dir, "half-wal.pwrec", 40, 20);
        Files.delete(Path.of(halfLog + "-wal"));
        expectReported("missing -wal after a checkpoint", halfLog, "was not copied with it");
        expectReported(
                "recorder killed (-wal beside it)",
                DamagedRecordings.abandoned(dir, "killed.pwrec", 40, 0),
                "recording ended abruptly at");
        expectRefused(
                "a folder", Files.createDirectory(dir.resolve("folder.pwrec")), "is a folder, not a recording file");
        expectRefused("does not exist", dir.resolve("missing.pwrec"), "does not exist");
        Path locked = copyOfIntact("locked.pwrec");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        if (Files.isReadable(locked)) { // root reads any file: then it is an intact recording
            assertEquals(
                    Handling.REPLAYS_AS_INTACT,
                    outcome("unreadable (read by root anyway)", locked).handling());
        } else {
            expectRefused("permission denied", locked, "cannot be read: permission denied");
        }
        assertEquals(
                "permission denied (the console runs as " + System.getProperty("user.name") + ")",
                RecordingReader.readProblem(new AccessDeniedException(locked.toString())));
        beingWritten();
    }

    /** A recording its recorder is still writing (in this process, as the console's own recording while it is replayed). */
    private void beingWritten() throws Exception {
        Path file = dir.resolve("running.pwrec");
        Recorder recorder = DamagedRecordings.recording(file, 20);
        try {
            expectReported("being written", file, "(or it is still being recorded)");
        } finally {
            recorder.close();
        }
    }

    /** Cut at the given lengths and at {@code evenly} lengths spread over the file. */
    private void truncations(long[] lengths, int evenly) throws Exception {
        long size = Files.size(intact);
        List<Long> cuts = new ArrayList<>();
        for (long length : lengths) {
            cuts.add(length);
        }
        for (int i = 1; i <= evenly; i++) {
            cuts.add(size * i / (evenly + 1));
        }
        cuts.add(size - 1);
        for (long cut : cuts) {
            Path file = copyOfIntact("cut-" + cut + ".pwrec");
            DamagedRecordings.truncate(file, cut);
            Outcome outcome = outcome("truncated to " + cut + " of " + size + " bytes", file);
            assertTrue(
                    outcome.handling() == Handling.REFUSED || outcome.handling() == Handling.DAMAGE_REPORTED,
                    outcome.toString());
        }
    }

    /**
     * One byte flipped anywhere in the file (SQLite's header and pages, whatever they hold). A flip in a
     * page of the recorded telemetry itself (the batches and keyframes tables) is never left unnoticed.
     */
    private void pageFlips(int count, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        long size = Files.size(intact);
        Map<Long, String> owners = pageOwners(intact);
        for (int i = 0; i < count; i++) {
            long offset = random.nextLong(size);
            String owner = owners.getOrDefault(offset / PAGE_SIZE + 1, "free or pointer-map page");
            Path file = copyOfIntact("flip-" + i + ".pwrec");
            DamagedRecordings.flipByte(file, offset);
            Outcome outcome = outcome("byte " + offset + " of " + size + " flipped, in " + owner, file);
            assertFalse(
                    outcome.handling() == Handling.CHANGED_UNREPORTED
                            && (owner.equals("batches") || owner.equals("keyframes")),
                    outcome.toString());
        }
    }

    /** Which table or index each page of {@code file} belongs to (SQLite's dbstat). */
    private static Map<Long, String> pageOwners(Path file) throws Exception {
        Map<Long, String> owners = new TreeMap<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT pageno, name FROM dbstat")) {
            while (rs.next()) {
                owners.put(rs.getLong(1), rs.getString(2));
            }
        }
        return owners;
    }

    /** One byte flipped inside the compressed block of a random batch or keyframe: found wherever it is read. */
    private void blockFlips(String table, int count, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        List<Long> rows = DamagedRecordings.rowKeys(intact, table);
        for (int i = 0; i < count; i++) {
            long row = rows.get(random.nextInt(rows.size()));
            int offset = random.nextInt(1 << 16);
            Path file = copyOfIntact(table + "-" + i + ".pwrec");
            DamagedRecordings.flipInBlock(file, table, row, offset);
            Outcome outcome = outcome(table + " block " + row + " flipped at " + offset, file);
            // A block no replay reads (a keyframe no seek lands near, the first batch, which its keyframe
            // replaces) changes nothing.
            assertTrue(
                    outcome.handling() == Handling.DAMAGE_REPORTED || outcome.handling() == Handling.REPLAYS_AS_INTACT,
                    outcome.toString());
        }
    }

    private void expectRefused(String variant, Path file, String problem) throws Exception {
        Outcome outcome = outcome(variant, file);
        assertEquals(Handling.REFUSED, outcome.handling(), outcome.toString());
        assertTrue(outcome.message().startsWith(file + ": " + problem), outcome.toString());
    }

    private void expectReported(String variant, Path file, String notice) throws Exception {
        Outcome outcome = outcome(variant, file);
        assertEquals(Handling.DAMAGE_REPORTED, outcome.handling(), outcome.toString());
        assertTrue(outcome.message().contains(notice), outcome.toString());
    }

    /**
     * Opens and replays {@code file} as the console does, within 30 s; a refusal must name the file and
     * read as a sentence, not a stack trace. Any exception other than the recording's own fails the test.
     */
    private Outcome outcome(String variant, Path file) {
        Outcome outcome = assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> {
                    String replayed;
                    try {
                        replayed = replayed(file);
                    } catch (RecordingException e) {
                        return new Outcome(variant, Handling.REFUSED, e.getMessage());
                    }
                    return replayed.startsWith("damage: ")
                            ? new Outcome(variant, Handling.DAMAGE_REPORTED, replayed.substring(8))
                            : new Outcome(
                                    variant,
                                    replayed.equals(intactReplay)
                                            ? Handling.REPLAYS_AS_INTACT
                                            : Handling.CHANGED_UNREPORTED,
                                    "");
                },
                () -> "hangs: " + variant);
        if (outcome.handling() == Handling.REFUSED) {
            assertTrue(outcome.message().startsWith(file + ": "), "names the file: " + outcome);
            assertFalse(
                    outcome.message().contains("Exception") || outcome.message().contains("\tat "),
                    "reads as a sentence: " + outcome);
        }
        outcomes.add(outcome);
        return outcome;
    }

    /**
     * What replaying {@code file} shows: opening as the console does (ReplayViewModel.open), playing to
     * the end in 1 s steps, then seeking to five instants. "damage: " and the first problem reported
     * (an error while replaying counts as reported: the replay view shows it) when there is one.
     */
    private static String replayed(Path file) throws RecordingException {
        StringBuilder shown = new StringBuilder();
        try (RecordingReader reader = RecordingReader.open(file)) {
            shown.append(reader.metadata())
                    .append(reader.activity())
                    .append(Arrays.toString(reader.exclusionTimes()))
                    .append(reader.alarms())
                    .append(reader.bookmarks())
                    .append(reader.exclusions());
            try (ReplayEngine engine = new ReplayEngine(reader, AlarmThresholds.defaults())) {
                try {
                    reader.loadDecisionHistory();
                    var position = engine.position();
                    engine.setSpeed(10);
                    engine.play();
                    while (engine.position().playing()) {
                        engine.advance(100);
                    }
                    shown.append(engine.latest().withVersion(0));
                    for (int i = 0; i <= 4; i++) {
                        engine.seek(position.startMillis() + (position.endMillis() - position.startMillis()) * i / 4);
                        shown.append(engine.latest().withVersion(0));
                    }
                } catch (RecordingException e) {
                    return "damage: " + e.getMessage();
                }
            }
            List<RecordingDamage> damage = reader.damageFound();
            if (!damage.isEmpty()) {
                return "damage: " + damage.getFirst().describe();
            }
            if (reader.abruptEnd().isPresent()) {
                return "damage: " + reader.abruptEnd().get().describe();
            }
        }
        return shown.toString();
    }

    private Path copyOfIntact(String name) throws Exception {
        return Files.copy(intact, dir.resolve(name));
    }

    private static void sql(Path file, String... statements) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = db.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    /** Prints how each variant was handled (the figures of docs/benchmarks.md's Resilience section) and checks the counts add up. */
    private void report() {
        Map<Handling, Integer> counts = new EnumMap<>(Handling.class);
        Map<String, Integer> problems = new TreeMap<>();
        for (Outcome outcome : outcomes) {
            counts.merge(outcome.handling(), 1, Integer::sum);
            if (outcome.handling() == Handling.CHANGED_UNREPORTED || outcome.handling() == Handling.REPLAYS_AS_INTACT) {
                problems.merge(
                        outcome.handling() + ": " + outcome.variant().replaceAll("[0-9]+", "N"), 1, Integer::sum);
            }
            if (outcome.handling() == Handling.REFUSED || outcome.handling() == Handling.DAMAGE_REPORTED) {
                problems.merge(outcome.handling() + ": " + kindOf(outcome), 1, Integer::sum);
            }
            System.out.println(outcome.handling() + "  " + outcome.variant()
                    + (outcome.message().isEmpty() ? "" : "  -> " + outcome.message()));
        }
        System.out.printf(Locale.ROOT, "%d damaged variants: %s%n", outcomes.size(), counts);
        problems.forEach((problem, n) -> System.out.printf(Locale.ROOT, "  %4d  %s%n", n, problem));
    }

    /** The kind of problem a message names: its first words, without the file name, numbers and details in brackets. */
    private static String kindOf(Outcome outcome) {
        String message = outcome.message();
        String problem =
                outcome.handling() == Handling.REFUSED ? message.substring(message.indexOf(": ") + 2) : message;
        problem = problem.replaceAll("[0-9]+", "N");
        int detail = problem.indexOf(" (");
        return detail > 0
                ? problem.substring(0, detail)
                : problem.length() > 60 ? problem.substring(0, 60) + "..." : problem;
    }
}
