package org.planewatch.console.viewmodel;

/** How loudly to show something. STALE outranks everything: old data must never look healthy. */
public enum Level {
    OK,
    WARNING,
    CRITICAL,
    STALE,
    NO_DATA
}
