package org.crs.bar.adapter.nsi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.port.NsiCallbackTransport.Outcome;
import org.crs.bar.testing.RequesterEndpoint;

/**
 * The callback transport against real HTTP requester endpoints on 127.0.0.1: it keeps the
 * connections of a bounded number of requester URLs, however many replyTo URLs requesters give,
 * and a client it stops keeping while a POST is using it lets that POST end.
 */
class HttpNsiCallbackTransportTest {

    private static final String ENVELOPE = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"/>";

    /** The requester's URL with a query making it another replyTo, as a requester on a new port each time. */
    private static String another(RequesterEndpoint requester, int n) {
        return requester.replyTo() + "?command=" + n;
    }

    @Test
    void manyReplyToUrlsKeepTheConnectionsOfOnlyTheLastUsed() {
        try (RequesterEndpoint requester = new RequesterEndpoint();
             HttpNsiCallbackTransport transport = new HttpNsiCallbackTransport(Duration.ofSeconds(5), null, 3)) {
            for (int i = 0; i < 10; i++) {
                assertInstanceOf(Outcome.Delivered.class,
                        transport.send(another(requester, i), NsiMessageKind.RESERVE_CONFIRMED, ENVELOPE));
            }

            assertEquals(List.of(10, 3), List.of(requester.taken().size(), transport.keptUrls()));
        }
    }

    @Test
    void aClientDroppedWhileItsPostIsUnderWayLetsThatPostEnd() throws Exception {
        try (RequesterEndpoint slow = new RequesterEndpoint();
             RequesterEndpoint other = new RequesterEndpoint();
             HttpNsiCallbackTransport transport = new HttpNsiCallbackTransport(Duration.ofSeconds(5), null, 1)) {
            slow.holdAnswers();
            CompletableFuture<Outcome> held = CompletableFuture.supplyAsync(
                    () -> transport.send(slow.replyTo().toString(), NsiMessageKind.RESERVE_CONFIRMED, ENVELOPE));
            Instant until = Instant.now().plusSeconds(5);
            while (slow.posts().isEmpty() && Instant.now().isBefore(until)) {
                Thread.sleep(20);
            }

            // another URL takes the only place: the slow one's client is dropped while its POST waits
            assertInstanceOf(Outcome.Delivered.class,
                    transport.send(other.replyTo().toString(), NsiMessageKind.RESERVE_CONFIRMED, ENVELOPE));
            slow.answerHeldPosts();

            assertInstanceOf(Outcome.Delivered.class, held.get());
            assertEquals(List.of(1, 1), List.of(slow.taken().size(), transport.keptUrls()));
        }
    }
}
