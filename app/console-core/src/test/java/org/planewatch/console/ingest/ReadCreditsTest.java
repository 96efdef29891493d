package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadCreditsTest {

    /**
     * A redial ends every stream of a connection (4,096 per-device streams at full scale) while they
     * wait for a credit: each is resumed with a credit and gives it straight back, which resumes the
     * next. Found at full scale: done by recursion, that overflowed the releasing thread's stack and
     * the credits it held were never returned.
     */
    @Test
    void thousandsOfEndedStreamsGivingTheirCreditBackDoNotRecurse() {
        ReadCredits credits = new ReadCredits(1);
        assertEquals(true, credits.take(() -> {}));
        int ended = 200_000;
        int[] resumed = {0};
        for (int i = 0; i < ended; i++) {
            credits.take(() -> {
                resumed[0]++;
                credits.release(1); // an ended stream: the credit goes back at once
            });
        }
        credits.release(1);
        assertEquals(ended, resumed[0]);
        assertEquals(0, credits.taken());
        assertEquals(0, credits.paused());
    }

    /** Credits released inside a resume still go to the streams that paused first. */
    @Test
    void creditsGivenBackInsideAResumeGoInTheOrderTheStreamsPaused() {
        ReadCredits credits = new ReadCredits(1);
        credits.take(() -> {});
        List<String> order = new ArrayList<>();
        credits.take(() -> {
            order.add("a");
            credits.release(1);
        });
        credits.take(() -> order.add("b"));
        credits.take(() -> order.add("c"));
        credits.release(1);
        assertEquals(List.of("a", "b"), order);
        assertEquals(1, credits.taken());
        assertEquals(1, credits.paused());
    }
}
