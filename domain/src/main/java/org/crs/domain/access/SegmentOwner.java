package org.crs.domain.access;

import java.util.Objects;

/**
 * Whose a segment booking at an L-NSAP or the NSAP is, as the provider stored it when the
 * booking was made, from the caller it authenticated: never read from the booking id.
 */
public sealed interface SegmentOwner {

    /**
     * The owner a booking made by {@code caller} gets: a served BAR's site, or {@link Unrecorded}
     * for any other caller (the serving process itself, in a service built without access control).
     */
    static SegmentOwner of(Caller caller) {
        return caller instanceof Caller.ServedBar bar ? new Bar(bar.site()) : new Unrecorded();
    }

    /**
     * The BAR of a site: every replica of it, whichever of its certificates it presents (a
     * certificate is rotated, a site's BAR replicas share it), since the provider's
     * configuration maps each certificate to its site.
     *
     * @param site the BAR's site as the provider's configuration names it
     */
    record Bar(String site) implements SegmentOwner {
        public Bar {
            Objects.requireNonNull(site, "site");
            if (site.isBlank()) {
                throw new IllegalArgumentException("a BAR's site is not blank");
            }
        }
    }

    /**
     * No BAR recorded: booked by the serving process itself (a service without access control,
     * a test), or before owners were recorded and not yet adopted by a BAR. Only the process acts on it.
     */
    record Unrecorded() implements SegmentOwner {
    }
}
