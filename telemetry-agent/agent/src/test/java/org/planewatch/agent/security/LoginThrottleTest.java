package org.planewatch.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The back-off arithmetic of {@link LoginThrottle}, on a clock the test moves. */
class LoginThrottleTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000_000L);
    private final AuthLimits limits =
            AuthLimits.defaults().withBackoff(2, Duration.ofSeconds(1), Duration.ofSeconds(8));
    private final LoginThrottle throttle = new LoginThrottle(limits, now::get, 3);

    private void fail(String address) {
        assertEquals(Optional.empty(), throttle.tryAcquire(address));
        throttle.release(address, LoginThrottle.Outcome.FAILED, "wrong username or password");
    }

    private void advance(Duration d) {
        now.addAndGet(d.toNanos());
    }

    /** How long the address must wait now, found by moving the clock in 100 ms steps (and back). */
    private Duration waitOf(String address) {
        long start = now.get();
        long waited = 0;
        while (throttle.tryAcquire(address).isPresent()) {
            advance(Duration.ofMillis(100));
            waited += 100;
        }
        throttle.release(address, LoginThrottle.Outcome.NOT_CHECKED, "");
        now.set(start);
        return Duration.ofMillis(waited);
    }

    @Test
    void theWaitStartsAfterTheFreeFailuresDoublesAndIsCapped() {
        fail("10.0.0.1");
        fail("10.0.0.1");
        assertEquals(Duration.ZERO, waitOf("10.0.0.1"));
        long[] expectedSeconds = {1, 2, 4, 8, 8};
        for (long s : expectedSeconds) {
            advance(Duration.ofSeconds(60));
            fail("10.0.0.1");
            assertEquals(Duration.ofSeconds(s), waitOf("10.0.0.1"));
        }
    }

    @Test
    void aSuccessClearsTheFailuresAndOtherAddressesAreNotAffected() {
        for (int i = 0; i < 4; i++) {
            advance(Duration.ofSeconds(60));
            fail("10.0.0.1");
        }
        assertTrue(throttle.tryAcquire("10.0.0.1").isPresent());
        assertEquals(Optional.empty(), throttle.tryAcquire("10.0.0.2"));
        throttle.release("10.0.0.2", LoginThrottle.Outcome.ACCEPTED, "");
        advance(Duration.ofSeconds(60));
        assertEquals(Optional.empty(), throttle.tryAcquire("10.0.0.1"));
        throttle.release("10.0.0.1", LoginThrottle.Outcome.ACCEPTED, "");
        fail("10.0.0.1");
        assertEquals(Duration.ZERO, waitOf("10.0.0.1"));
        assertEquals(0, throttle.tracked() - 1, "only 10.0.0.1, with its one failure, is still tracked");
    }

    @Test
    void aBurstOfRefusalsIsLoggedOnceWithTheCountOnTheNextLine() {
        for (int i = 0; i < 3; i++) {
            fail("10.0.0.1");
        }
        LoginThrottle.Refusal first = throttle.tryAcquire("10.0.0.1").orElseThrow();
        assertTrue(first.log());
        assertEquals("backoff", first.reason());
        for (int i = 0; i < 5; i++) {
            assertFalse(throttle.tryAcquire("10.0.0.1").orElseThrow().log());
        }
        advance(Duration.ofSeconds(2));
        fail("10.0.0.1");
        LoginThrottle.Refusal next = throttle.tryAcquire("10.0.0.1").orElseThrow();
        assertTrue(next.log(), "a new back-off is logged again");
        assertEquals(5, next.suppressed());
    }

    @Test
    void failuresAreForgottenAfterAQuarterHourAndTheTableIsBounded() {
        for (int i = 0; i < 3; i++) {
            fail("10.0.0.1");
        }
        advance(AuthLimits.FORGET_FAILURES_AFTER.plusSeconds(1));
        fail("10.0.0.1");
        assertEquals(Duration.ZERO, waitOf("10.0.0.1"), "one failure after the old ones were forgotten");

        fail("10.0.0.2");
        fail("10.0.0.3");
        LoginThrottle.Refusal full = throttle.tryAcquire("10.0.0.4").orElseThrow();
        assertTrue(full.message().contains("3 client addresses failed logins recently"), full.message());
        advance(AuthLimits.FORGET_FAILURES_AFTER.plusSeconds(1));
        assertEquals(Optional.empty(), throttle.tryAcquire("10.0.0.4"), "idle addresses make room");
    }
}
