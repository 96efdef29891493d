package org.planewatch.console.session;

import java.util.concurrent.CompletableFuture;
import org.planewatch.console.state.FabricSnapshot;

/**
 * The transport bar of a replay: commands run in order on the replay thread, the playhead says
 * where it stands (read once per frame).
 */
public interface ReplayControl {
    Playhead playhead();

    void togglePlay();

    void pause();

    void setSpeed(double speed);

    void seekTo(long atMillis);

    void stepToNextExclusion();

    void stepToPreviousExclusion();

    void stepToNextAlarm();

    void stepToPreviousAlarm();

    /** The recorded state at another instant, built apart from the one shown (the "compare" mode). */
    CompletableFuture<FabricSnapshot> snapshotAt(long atMillis);

    /** The next replay error (a failed command, say) in operator words, or null when there is none. */
    String pollError();
}
