package org.crs.bar.reservation;

import java.util.Objects;

import org.crs.domain.reservation.Endpoint;
import org.crs.domain.time.TimeInterval;

/**
 * What a client asks a BAR for: a circuit between two endpoints at a bandwidth over an interval.
 *
 * @param requestId chosen by the client; repeating a request with the same id answers the same reservation
 * @param source one end, {@code site:host}
 * @param destination the other end
 * @param bandwidthMbps Mbit/s, positive
 * @param interval when the circuit runs, half-open, UTC
 * @param description free text for the owner and operators (may be empty)
 * @param holdOnly stop at HELD: the client commits or aborts later (phased commit)
 * @param timing what the client asked; when it let the BAR choose ({@link Timing.InWindow},
 *     {@link Timing.Transfer}), {@code interval} and {@code bandwidthMbps} are the ones chosen
 * @param group the group (project, virtual organisation) it is booked for, whose members may see
 *     it when the group shares reservations; empty for none
 * @param provisioning when its circuit is up once committed: from start to end ({@link Provisioning#AUTOMATIC}),
 *     or only while provisioned ({@link Provisioning#ON_PROVISION}); kept through a modify
 * @param sourceVlan the VLAN the source takes at this site's campus when it is a hand-off port (a
 *     trunk to another network); 0: any, the L-NSAP chooses (always 0 on a host port, untagged)
 * @param destinationVlan the same at the destination
 */
public record ReservationRequest(String requestId, Endpoint source, Endpoint destination, long bandwidthMbps,
                                 TimeInterval interval, String description, boolean holdOnly, Timing timing,
                                 String group, Provisioning provisioning, int sourceVlan, int destinationVlan) {

    /** A request that leaves the VLAN at each end to the campus. */
    public ReservationRequest(String requestId, Endpoint source, Endpoint destination, long bandwidthMbps,
                              TimeInterval interval, String description, boolean holdOnly, Timing timing,
                              String group, Provisioning provisioning) {
        this(requestId, source, destination, bandwidthMbps, interval, description, holdOnly, timing, group, provisioning,
                0, 0);
    }

    /** A request that comes up from its start to its end ({@link Provisioning#AUTOMATIC}). */
    public ReservationRequest(String requestId, Endpoint source, Endpoint destination, long bandwidthMbps,
                              TimeInterval interval, String description, boolean holdOnly, Timing timing,
                              String group) {
        this(requestId, source, destination, bandwidthMbps, interval, description, holdOnly, timing, group,
                Provisioning.AUTOMATIC);
    }

    /** A request booked for no group. */
    public ReservationRequest(String requestId, Endpoint source, Endpoint destination, long bandwidthMbps,
                              TimeInterval interval, String description, boolean holdOnly, Timing timing) {
        this(requestId, source, destination, bandwidthMbps, interval, description, holdOnly, timing, "");
    }

    /** A fixed request: this interval, this bandwidth. */
    public ReservationRequest(String requestId, Endpoint source, Endpoint destination, long bandwidthMbps,
                              TimeInterval interval, String description, boolean holdOnly) {
        this(requestId, source, destination, bandwidthMbps, interval, description, holdOnly,
                new Timing.Fixed(interval, bandwidthMbps));
    }

    /**
     * The request a client makes with {@code timing}, for no group (the service books it for the
     * caller's group): a fixed request's interval, a flexible one's window until the BAR chooses,
     * and the bandwidth asked.
     */
    public static ReservationRequest of(String requestId, Endpoint source, Endpoint destination, Timing timing,
                                        String description, boolean holdOnly) {
        TimeInterval asked = timing instanceof Timing.Fixed f ? f.interval()
                : timing instanceof Timing.InWindow w ? w.window() : ((Timing.Transfer) timing).window();
        return new ReservationRequest(requestId, source, destination, timing.requestedMbps(), asked, description,
                holdOnly, timing);
    }

    public ReservationRequest {
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(provisioning, "provisioning");
        if (sourceVlan < 0 || sourceVlan > 4094 || destinationVlan < 0 || destinationVlan > 4094) {
            throw new IllegalArgumentException("a VLAN is 1 to 4094, or 0 for any: " + sourceVlan + ", " + destinationVlan);
        }
        description = description == null ? "" : description;
        group = group == null ? "" : group;
    }

    /** The same request booked for {@code group}. */
    public ReservationRequest forGroup(String group) {
        return new ReservationRequest(requestId, source, destination, bandwidthMbps, interval, description, holdOnly, timing,
                group, provisioning, sourceVlan, destinationVlan);
    }

    /** The same request with its circuit up as {@code mode} says. */
    public ReservationRequest withProvisioning(Provisioning mode) {
        return new ReservationRequest(requestId, source, destination, bandwidthMbps, interval, description, holdOnly, timing,
                group, mode, sourceVlan, destinationVlan);
    }

    /** The same request taking these VLANs at its ends at this site's campus (0: any). */
    public ReservationRequest withVlans(int source, int destination) {
        return new ReservationRequest(requestId, this.source, this.destination, bandwidthMbps, interval, description,
                holdOnly, timing, group, provisioning, source, destination);
    }

    /** The same request booked at {@code chosen} with {@code mbps}. */
    public ReservationRequest at(TimeInterval chosen, long mbps) {
        return new ReservationRequest(requestId, source, destination, mbps, chosen, description, holdOnly, timing, group,
                provisioning, sourceVlan, destinationVlan);
    }

    /** Whether the client let the BAR choose the interval (and, for a transfer, the bandwidth). */
    public boolean isFlexible() {
        return !(timing instanceof Timing.Fixed);
    }

    /** Whether both ends are at the same site (only that site's L-NSAP is involved). */
    public boolean sameSite() {
        return source.site().equals(destination.site());
    }
}
