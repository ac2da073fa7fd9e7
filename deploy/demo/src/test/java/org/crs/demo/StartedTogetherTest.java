package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** Services started side by side: all at once, their results in order, a failure only once all have ended. */
class StartedTogetherTest {

    @Test
    void theStartsRunAtOnceAndTheirServicesComeBackInTheirOrder() throws Exception {
        // Each start waits for the other: one after the other, neither would ever end.
        CountDownLatch bothRunning = new CountDownLatch(2);
        Callable<String> first = () -> {
            bothRunning.countDown();
            assertTrue(bothRunning.await(10, TimeUnit.SECONDS), "the other start never ran");
            Thread.sleep(50);
            return "lnsap-site-a";
        };
        Callable<String> second = () -> {
            bothRunning.countDown();
            assertTrue(bothRunning.await(10, TimeUnit.SECONDS), "the other start never ran");
            return "nsap";
        };

        assertEquals(List.of("lnsap-site-a", "nsap"), StartedTogether.run("test", List.of(first, second)));
    }

    @Test
    void aFailureIsThrownOnceTheOtherStartsHaveEnded() {
        IOException portTaken = new IOException("port 8081 in use");
        AtomicBoolean otherEnded = new AtomicBoolean();
        Callable<String> failing = () -> {
            throw portTaken;
        };
        Callable<String> slow = () -> {
            Thread.sleep(300);
            otherEnded.set(true);
            return "bar-site-b";
        };

        IOException thrown = assertThrows(IOException.class, () -> StartedTogether.run("test", List.of(failing, slow)));

        assertSame(portTaken, thrown);
        assertTrue(otherEnded.get(), "thrown before the other start had ended");
    }
}
