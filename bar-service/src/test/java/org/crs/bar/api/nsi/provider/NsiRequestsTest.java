package org.crs.bar.api.nsi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.crs.bar.nsi.NsiRefused;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.message.NsiHeader;

/** A request header as the provider service takes it from the wire. */
class NsiRequestsTest {

    static final String REQUESTER = "urn:ogf:network:requester.example:2026:nsa";
    static final String PROVIDER = "urn:ogf:network:site-a.crs.example:2026:nsa";

    /** An http replyTo of exactly {@code length} characters. */
    static String replyToOf(int length) {
        String start = "http://127.0.0.1:9/";
        return start + "r".repeat(length - start.length());
    }

    @Test
    void aReplyToOfTheLengthKeptIsTaken() throws Exception {
        String replyTo = replyToOf(NsiRequests.REPLY_TO_MAX);

        assertEquals(Optional.of(URI.create(replyTo)),
                NsiRequests.header(NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.of(replyTo))).replyTo());
    }

    @Test
    void aReplyToLongerThanIsKeptIsAPayloadErrorNamingReplyTo() {
        NsiHeader h = NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.of(replyToOf(NsiRequests.REPLY_TO_MAX + 1)));

        NsiRefused refused = assertThrows(NsiRefused.class, () -> NsiRequests.header(h));

        assertEquals(List.of(NsiErrorId.PAYLOAD_ERROR, true),
                List.of(refused.refusal().errorId(), refused.refusal().text().startsWith("replyTo:")));
    }
}
