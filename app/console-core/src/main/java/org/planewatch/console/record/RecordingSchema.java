package org.planewatch.console.record;

import java.util.List;

/** The SQLite schema of a recording (.pwrec), version {@value #VERSION}. Documented in docs/recording-format.md. */
final class RecordingSchema {
    /** Bumped on every incompatible change; readers refuse newer files with a clear message. */
    static final int VERSION = 6;
    /** "PWRC": tells a Planewatch recording from any other SQLite file. */
    static final int APPLICATION_ID = 0x50575243;

    static final List<String> TABLES = List.of(
            """
            CREATE TABLE meta(
              key   TEXT PRIMARY KEY,
              value TEXT NOT NULL)""",
            """
            CREATE TABLE strings(
              id   INTEGER PRIMARY KEY,
              text TEXT NOT NULL)""",
            """
            CREATE TABLE leaves(
              id        INTEGER PRIMARY KEY,
              target_id INTEGER NOT NULL REFERENCES strings(id),
              path      TEXT NOT NULL,
              ring      INTEGER NOT NULL DEFAULT 0)""",
            """
            CREATE TABLE batches(
              seq              INTEGER PRIMARY KEY,
              first_arrival_ms INTEGER NOT NULL,
              last_arrival_ms  INTEGER NOT NULL,
              events           INTEGER NOT NULL,
              updates          INTEGER NOT NULL,
              data             BLOB NOT NULL)""",
            "CREATE INDEX batches_by_time ON batches(first_arrival_ms)",
            """
            CREATE TABLE keyframes(
              after_seq INTEGER PRIMARY KEY REFERENCES batches(seq),
              at_ms     INTEGER NOT NULL,
              data      BLOB NOT NULL)""",
            "CREATE INDEX keyframes_by_time ON keyframes(at_ms)",
            """
            CREATE TABLE exclusions(
              source       TEXT NOT NULL,
              target       TEXT NOT NULL,
              subscription INTEGER NOT NULL,
              ring_seq     INTEGER NOT NULL,
              batch_seq    INTEGER NOT NULL,
              arrival_ms   INTEGER NOT NULL,
              timestamp_ns INTEGER,
              qpn          INTEGER,
              ev           INTEGER,
              plane        INTEGER,
              links        TEXT,
              from_state   TEXT,
              to_state     TEXT,
              reason       TEXT,
              PRIMARY KEY (source, target, ring_seq, subscription))""",
            "CREATE INDEX exclusions_by_time ON exclusions(arrival_ms)",
            """
            CREATE TABLE activity(
              second_ms     INTEGER PRIMARY KEY,
              notifications INTEGER NOT NULL,
              updates       INTEGER NOT NULL,
              exclusions    INTEGER NOT NULL)""",
            """
            CREATE TABLE alarms(
              id         INTEGER PRIMARY KEY,
              raised_ms  INTEGER NOT NULL,
              cleared_ms INTEGER,
              kind       TEXT NOT NULL,
              subject    TEXT NOT NULL,
              severity   TEXT NOT NULL,
              message    TEXT NOT NULL)""",
            "CREATE INDEX alarms_by_time ON alarms(raised_ms)",
            """
            CREATE TABLE alarm_acks(
              id                INTEGER PRIMARY KEY,
              raised_ms         INTEGER NOT NULL,
              kind              TEXT NOT NULL,
              subject           TEXT NOT NULL,
              acked_ms          INTEGER NOT NULL,
              silenced_until_ms INTEGER)""",
            """
            CREATE TABLE gaps(
              id       INTEGER PRIMARY KEY,
              source   TEXT NOT NULL,
              from_ms  INTEGER NOT NULL,
              to_ms    INTEGER,
              reason   TEXT NOT NULL,
              failures INTEGER NOT NULL)""",
            "CREATE INDEX gaps_by_time ON gaps(from_ms)",
            """
            CREATE TABLE bookmarks(
              id    INTEGER PRIMARY KEY,
              at_ms INTEGER NOT NULL,
              note  TEXT NOT NULL)""");

    private RecordingSchema() {}
}
