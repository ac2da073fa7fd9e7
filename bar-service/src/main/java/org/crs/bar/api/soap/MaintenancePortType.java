package org.crs.bar.api.soap;

import java.util.Calendar;
import java.util.List;

import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.IntervalFields;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.MaintenanceScope;
import org.crs.bar.service.MaintenanceService;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;

/**
 * The BAR's maintenance port type, for network operators: declare a maintenance window on a
 * resource of this site's campus or of the WAN, see the reservations it hits, move each out of
 * it or cancel it (its owner is told either way), list and lift windows. A thin layer over
 * {@link MaintenanceService}: SOAP parameters (xs:dateTime as Calendar) in, refusals out as
 * faults naming the code, the field and the reason. The published WSDL is kept in schema/wsdl
 * and compared with the served one by a test.
 */
public class MaintenancePortType {

    private final MaintenanceService service;
    private final Caller.Process inside;

    /**
     * @param service the maintenance service
     * @param internalActor who calls are recorded as coming from when nobody is signed in (a
     *     call from inside the process); otherwise the signed-in operator
     */
    public MaintenancePortType(MaintenanceService service, String actor) {
        this.service = service;
        this.inside = new Caller.Process(actor);
    }

    /** The signed-in operator, or the process itself on a server without access control. */
    private Caller actor() {
        return SoapCaller.of(inside);
    }

    /**
     * Takes {@code resourceId} (a host port or uplink of this site's campus, a WAN link or an
     * access point, as the topology names it) out of service over [start, end): no booking is
     * admitted on it then. Answers the window with this BAR's reservations it hits and the
     * other sites' bookings it hits; each reservation stands until it is moved or cancelled.
     */
    public MaintenanceWindowInfo declareMaintenance(String resourceId, Calendar start, Calendar end, String reason)
            throws ServiceFault {
        try {
            return MaintenanceWindowInfo.of(service.declare(actor(), resourceId,
                    IntervalFields.of(SoapTimes.instant(start), "start", SoapTimes.instant(end), "end"), reason));
        } catch (BadRequest e) {
            throw fault(e);
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** The windows, live and lifted, of this site's campus and of the WAN overlapping [from, to), by start. */
    public MaintenanceWindowInfo[] listMaintenance(Calendar from, Calendar to) throws ServiceFault {
        try {
            return service.list(actor(), IntervalFields.of(SoapTimes.instant(from), "from", SoapTimes.instant(to), "to")).stream().map(MaintenanceWindowInfo::of)
                    .toArray(MaintenanceWindowInfo[]::new);
        } catch (BadRequest e) {
            throw fault(e);
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * Lifts window {@code windowId} of {@code scope} (CAMPUS or WAN, as the window's answer
     * says): its resource can be booked over it again.
     */
    public MaintenanceWindowInfo liftMaintenance(String scope, long windowId, String reason) throws ServiceFault {
        MaintenanceScope s;
        try {
            s = MaintenanceScope.valueOf(scope == null ? "" : scope.trim());
        } catch (IllegalArgumentException e) {
            throw ServiceFault.badField("scope", "must be one of " + List.of(MaintenanceScope.values()) + ", was '"
                    + scope + "'");
        }
        try {
            return MaintenanceWindowInfo.of(service.lift(actor(), s, windowId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * Moves a reserved reservation that a live window hits to the earliest slot of the same length
     * after the window, all or nothing, and tells its owner. When no slot is free within 7 days
     * after the window (NO_CAPACITY), or a part refuses the slot, the reservation stays as it was.
     */
    public ReservationInfo moveReservation(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.move(actor(), requestId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        } catch (ChangeRefused e) {
            throw fault(e);
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** Cancels a reservation for maintenance (an active circuit is torn down first) and tells its owner. */
    public ReservationInfo cancelReservationForMaintenance(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.cancel(actor(), requestId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.refusal().withMessage(e.field() + ": " + e.reason()));
    }

    /** A part that refused keeps its code; one that did not answer is a Server fault, which may be tried again. */
    private static ServiceFault fault(ChangeRefused e) {
        RefusalCode code = e.refusal().code();
        return code == RefusalCode.TIMEOUT || code == RefusalCode.PROVIDER_SILENT ? ServiceFault.failure(e.refusal())
                : new ServiceFault(e.refusal());
    }

    /** A refusal of the L-NSAP or NSAP keeps its code; one that did not answer is a Server fault. */
    private static ServiceFault fault(SegmentFailure e) {
        Refusal refusal = e.refusal().withMessage(e.getMessage());
        return e.answered() ? new ServiceFault(refusal) : ServiceFault.failure(refusal);
    }
}
