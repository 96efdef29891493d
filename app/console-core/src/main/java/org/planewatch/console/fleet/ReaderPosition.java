package org.planewatch.console.fleet;

/**
 * Where a fleet reader is in its topics, as far as the tier's freshness depends on it.
 *
 * @param toCatchUp records the topics held when the reader connected that it has not read yet: while
 *     there are any, the console is still loading the fleet and the rollups' age is its own
 * @param planesPending whether newer plane records wait in the reader's own fetch
 */
record ReaderPosition(long toCatchUp, boolean planesPending) {
    /** Everything read: the rollups' age is the collectors'. */
    static final ReaderPosition CAUGHT_UP = new ReaderPosition(0, false);

    boolean loading() {
        return toCatchUp > 0;
    }
}
