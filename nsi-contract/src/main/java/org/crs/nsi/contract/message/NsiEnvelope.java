package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * A SOAP envelope as read: its {@code nsiHeader} and its body.
 *
 * @param header the header block; every NSI message carries one, a peer's fault may not
 * @param body the message or the fault
 */
public record NsiEnvelope(Optional<NsiHeader> header, NsiBody body) {

    public NsiEnvelope {
        Checks.optional(header, "header");
        Checks.part(body, "body");
    }
}
