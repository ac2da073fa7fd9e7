package org.crs.domain.admission;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * The answer of {@link Admission#check}: admitted, or refused because of one resource.
 *
 * @param admitted whether the request fits on every resource
 * @param resource the first resource, in path order, that refused; null when admitted
 * @param bookedMbps the peak already booked on that resource over the interval; 0 when admitted
 * @param requestedMbps the bandwidth asked for
 * @param code why the resource refused ({@link RefusalCode#NO_CAPACITY} or
 *     {@link RefusalCode#MAINTENANCE}); null when admitted
 * @param reason for an operator or a client: "admitted", or why the resource refused, such as
 *     {@code link core-1-core-3 has 2500 Mbit/s, 2000 booked over [..), 1000 requested}
 */
public record AdmissionResult(boolean admitted, Resource resource, long bookedMbps, long requestedMbps,
                              RefusalCode code, String reason) {

    public AdmissionResult {
        Objects.requireNonNull(reason, "reason");
        if (admitted != (resource == null) || admitted != (code == null)) {
            throw new IllegalArgumentException("a refusal names its resource and code, and an admission neither");
        }
    }

    /** The request fits everywhere. */
    public static AdmissionResult admitted(long requestedMbps) {
        return new AdmissionResult(true, null, 0, requestedMbps, null, "admitted");
    }

    /** {@code resource} cannot take the request, for {@code reason}. */
    public static AdmissionResult refused(Resource resource, long bookedMbps, long requestedMbps, RefusalCode code,
                                          String reason) {
        return new AdmissionResult(false, Objects.requireNonNull(resource, "resource"), bookedMbps, requestedMbps,
                Objects.requireNonNull(code, "code"), reason);
    }

    /**
     * The refusal, naming the resource that refused.
     *
     * @throws IllegalStateException when the request was admitted
     */
    public Refusal refusal() {
        if (admitted) {
            throw new IllegalStateException("admitted: no refusal");
        }
        return new Refusal(code, resource.id(), reason);
    }

    /** The resource that refused, if any. */
    public Optional<Resource> refusedBy() {
        return Optional.ofNullable(resource);
    }

    /** The capacity of the resource that refused, in Mbit/s; 0 when admitted. */
    public long capacityMbps() {
        return resource == null ? 0 : resource.capacityMbps();
    }
}
