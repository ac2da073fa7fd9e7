package org.crs.bar.api.nsi.provider;

import java.net.URI;
import java.util.Optional;
import java.util.OptionalLong;

import org.crs.bar.nsi.NsiDirectionality;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiRefused;
import org.crs.bar.nsi.NsiRequestHeader;
import org.crs.bar.nsi.NsiReserveRequest;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.OrderedStp;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.TypedValue;

/** The wire's requests in the provider service's own terms, refusing what the service cannot take by element. */
final class NsiRequests {

    private NsiRequests() {
    }

    /** The longest replyTo kept: nsi_callback.reply_to is a VARCHAR(2000). */
    static final int REPLY_TO_MAX = 2000;

    /** The header as the service takes it. */
    static NsiRequestHeader header(NsiHeader h) throws NsiRefused {
        Optional<URI> replyTo = Optional.empty();
        if (h.replyTo().isPresent() && h.replyTo().get().trim().length() > REPLY_TO_MAX) {
            // refused here, before it is kept: a callback to it could never be stored
            throw new NsiRefused(NsiRefusal.of(NsiErrorId.PAYLOAD_ERROR, "replyTo: " + h.replyTo().get().trim().length()
                    + " characters, longer than the " + REPLY_TO_MAX + " kept"));
        }
        if (h.replyTo().isPresent()) {
            try {
                URI uri = new URI(h.replyTo().get().trim());
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
                if (!uri.isAbsolute() || uri.getHost() == null || !(scheme.equals("http") || scheme.equals("https"))) {
                    throw new IllegalArgumentException("not an absolute http or https URL");
                }
                replyTo = Optional.of(uri);
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                throw new NsiRefused(NsiRefusal.of(NsiErrorId.PAYLOAD_ERROR, "replyTo: " + h.replyTo().get() + " is "
                        + "not an absolute http or https URL"));
            }
        }
        return new NsiRequestHeader(h.requesterNsa(), h.providerNsa(), h.correlationId(), replyTo);
    }

    /** A reserve as the service takes it. */
    static NsiReserveRequest reserve(Reserve r) throws NsiRefused {
        P2ps p2ps = r.criteria().p2ps().orElseThrow(() -> new NsiRefused(NsiRefusal.of(NsiErrorId.MISSING_PARAMETER,
                "p2ps: a reserve names its point-to-point service")));
        NsiDirectionality directionality = NsiDirectionality.fromWire(p2ps.directionality().wireName()).orElseThrow();
        return new NsiReserveRequest(r.connectionId(), r.globalReservationId(), r.description(), r.criteria().version(),
                r.criteria().schedule().startTime(), r.criteria().schedule().endTime(), r.criteria().serviceType(),
                p2ps.capacityMbps(), directionality, p2ps.sourceStp().toString(), p2ps.destStp().toString(),
                p2ps.ero().stream().map(OrderedStp::stp).map(Object::toString).toList(),
                p2ps.parameters().stream().map(TypedValue::type).toList());
    }

    static OptionalLong bound(Optional<Long> id) {
        return id.map(OptionalLong::of).orElse(OptionalLong.empty());
    }
}
