package org.planewatch.console.session;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What a replayed recording is and what is wrong with it: for the banner, the timeline and its notices. */
public interface RecordingTimeline {
    Path file();

    /** The sources it was recorded from, as the recorder described them. */
    String sources();

    /** The simulated scenario, empty for a real fabric. */
    String scenario();

    TimelineMarks marks();

    /** That it ended abruptly (its recorder was killed or is still recording), in one line. */
    Optional<String> abruptEnd();

    /** How many {@link #damageFound} holds: what a view checks every frame before it copies them. */
    int damageCount();

    /** The damage found so far while replaying, in the order found. */
    List<DamageBand> damageFound();
}
