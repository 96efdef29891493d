package org.planewatch.console.telemetry;

/** What the network side knows about one connection. Freshness is derived from it and arrivals. */
public enum ConnectionPhase {
    /** Dialling, or waiting to redial after a failure. */
    CONNECTING,
    /** The Subscribe stream is open. */
    STREAMING,
    /** The stream or the dial failed; a redial is scheduled. */
    FAILED,
    /** The operator removed the source or the console is closing. */
    CLOSED
}
