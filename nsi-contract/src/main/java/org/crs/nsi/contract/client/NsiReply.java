package org.crs.nsi.contract.client;

import java.util.Objects;
import java.util.Optional;

import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.SyncAnswer;

/**
 * A peer's synchronous answer to one message: an acknowledgment, a reserveResponse or a
 * synchronous query's answer, of the kind the operation has.
 *
 * @param header the answer's nsiHeader (peers send a full one; read leniently when missing)
 * @param answer the answer
 */
public record NsiReply(Optional<NsiHeader> header, SyncAnswer answer) {

    public NsiReply {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(answer, "answer");
    }
}
