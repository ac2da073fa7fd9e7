package org.crs.bar.api.json.answer;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.UsageFlag;

/**
 * A reservation as the JSON API writes it (schema {@code Reservation}).
 *
 * @param flags the traffic flags raised on it, by name, sorted
 * @param provisioning AUTOMATIC (up from start to end) or ON_PROVISION (up only while provisioned)
 * @param provisioned whether an ON_PROVISION reservation is provisioned now; false for an AUTOMATIC one
 */
public record ReservationJson(String requestId, String source, String destination, long bandwidthMbps, Instant start,
                              Instant end, String description, boolean holdOnly, String state, String reason,
                              String refusalCode, String owner, Instant createdAt, Instant updatedAt,
                              List<SegmentJson> segments, List<String> flags, String provisioning,
                              boolean provisioned) {

    /** The reservation, with no traffic flags. */
    public static ReservationJson of(Reservation r) {
        return of(r, List.of());
    }

    /** The reservation with the traffic flags raised on it. */
    public static ReservationJson of(Reservation r, Collection<UsageFlag> flags) {
        ReservationRequest q = r.request();
        return new ReservationJson(q.requestId(), q.source().toString(), q.destination().toString(), q.bandwidthMbps(),
                q.interval().start(), q.interval().end(), q.description(), q.holdOnly(), r.state().name(), r.reason(),
                r.refusalCode() == null ? null : r.refusalCode().name(), r.owner(), r.createdAt(), r.updatedAt(),
                r.segments().stream().map(SegmentJson::of).toList(),
                flags.stream().sorted().map(Enum::name).toList(), q.provisioning().name(), r.provisioned());
    }
}
