package org.crs.nsap;

import org.crs.domain.time.TimeInterval;

/**
 * A request for one segment, as an NSAP or L-NSAP receives it from a BAR, already checked
 * field by field.
 *
 * <p>For the NSAP the endpoints are the sites of two WAN access points ({@code site-a},
 * {@code site-b}); for an L-NSAP the source is an end-host ({@code host-a1}) and the
 * destination the site's access point ({@code site-a}), where the NSAP hands the circuit over.
 *
 * @param bookingId the id the client chose; repeating a call with it is safe
 * @param source where the segment starts
 * @param destination where it ends
 * @param bandwidthMbps the booked rate, Mbit/s
 * @param interval when, half-open, UTC
 * @param sourceVlan the VLAN required at the source, or 0 to let the service choose
 * @param destinationVlan the VLAN required at the destination, or 0 to let the service choose
 */
public record SegmentRequest(String bookingId, String source, String destination, long bandwidthMbps,
                             TimeInterval interval, int sourceVlan, int destinationVlan) {

    /** A digest of what was asked, to tell a repeated request from a different one under the same id. */
    public String digest() {
        String text = String.join("|", source, destination, Long.toString(bandwidthMbps),
                interval.start().toString(), interval.end().toString(),
                Integer.toString(sourceVlan), Integer.toString(destinationVlan));
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(hash);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
