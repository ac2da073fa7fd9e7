package org.crs.domain.admission;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;

/**
 * The admission rule (docs/architecture.md, resources and admission): a request of
 * {@code mbps} over {@code [start, end)} fits on a resource when the resource is not in
 * maintenance at any instant of the interval and the peak already booked over the interval
 * plus the request does not exceed its capacity.
 * A request is admitted when it fits on every resource of its path.
 *
 * <p>This is the decision only. The service makes it inside the transaction that locked
 * the resources' rows and wrote the booking, so that two admissions never both see the same
 * free bandwidth.
 */
public final class Admission {

    private Admission() {
    }

    /**
     * Checks {@code path} in its order and stops at the first resource that cannot take the
     * request, so the client is told about the hop nearest the source.
     *
     * @param path the resources the circuit would use, each once
     * @param calendars each resource's calendar by resource id; a resource without one has
     *     nothing booked and no maintenance
     * @param interval when the circuit would run
     * @param mbps the bandwidth requested, positive
     */
    public static AdmissionResult check(List<Resource> path, Map<String, BookingCalendar> calendars,
            TimeInterval interval, long mbps) {
        if (mbps <= 0) {
            throw new IllegalArgumentException("mbps must be positive, was " + mbps);
        }
        requireEachOnce(path);
        for (Resource resource : path) {
            BookingCalendar calendar = calendars.getOrDefault(resource.id(), new BookingCalendar());
            long peak = calendar.peak(interval);
            Optional<TimeInterval> maintenance = calendar.maintenanceDuring(interval);
            if (maintenance.isPresent()) {
                return AdmissionResult.refused(resource, peak, mbps, RefusalCode.MAINTENANCE,
                        resource + " is down for maintenance over " + maintenance.get() + ", " + mbps
                                + " Mbit/s requested over " + interval);
            }
            // Written as a subtraction so that a huge request cannot overflow into a fit.
            if (mbps > resource.capacityMbps() - peak) {
                return AdmissionResult.refused(resource, peak, mbps, RefusalCode.NO_CAPACITY,
                        resource + " has " + resource.capacityMbps() + " Mbit/s, " + peak + " booked over "
                                + interval + ", " + mbps + " requested");
            }
        }
        return AdmissionResult.admitted(mbps);
    }

    // A resource listed twice would be checked twice for one request's worth but booked twice:
    // that is a bug in whoever built the path, not a question of capacity.
    private static void requireEachOnce(List<Resource> path) {
        Set<String> seen = new HashSet<>();
        for (Resource resource : path) {
            if (!seen.add(resource.id())) {
                throw new IllegalArgumentException(resource + " appears more than once on the path");
            }
        }
    }
}
