package org.crs.bar.api.nsi.documents;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One published document and its version.
 *
 * @param xml the document's text
 * @param version when it was made; its {@code Last-Modified}, to the second (HTTP dates have no fraction)
 */
public record NsiDocument(String xml, Instant version) {

    public NsiDocument {
        Objects.requireNonNull(xml, "xml");
        version = version.truncatedTo(ChronoUnit.SECONDS);
    }

    byte[] bytes() {
        return xml.getBytes(StandardCharsets.UTF_8);
    }
}
