package org.crs.nsi.contract.xml;

import org.crs.nsi.contract.NsiNamespaces;
import org.crs.nsi.contract.message.ChildRecursive;
import org.crs.nsi.contract.message.ChildSummary;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.OrderedStp;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.QueryRecursiveResult;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.RecursiveCriteria;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.SummaryCriteria;
import org.crs.nsi.contract.message.TypedValue;

/** Writes the parts messages share, in the schema's order, every child unqualified. */
final class PartsWriter {

    /** The prefixes the envelope declares. */
    static final String HEADERS = "head";
    static final String TYPES = "nsi";
    static final String P2P = "p2p";

    private PartsWriter() {
    }

    static void header(XmlOut out, NsiHeader h) {
        out.startQualified(HEADERS, "nsiHeader", NsiNamespaces.HEADERS)
                .element("protocolVersion", h.protocolVersion())
                .element("correlationId", h.correlationId())
                .element("requesterNSA", h.requesterNsa())
                .element("providerNSA", h.providerNsa())
                .optional("replyTo", h.replyTo())
                .end();
    }

    static void criteria(XmlOut out, Criteria c) {
        out.start("criteria");
        c.version().ifPresent(v -> out.attribute("version", Integer.toString(v)));
        schedule(out, c.schedule());
        out.optional("serviceType", c.serviceType());
        c.p2ps().ifPresent(p -> p2ps(out, p));
        out.end();
    }

    static void schedule(XmlOut out, Schedule s) {
        out.start("schedule");
        s.startTime().ifPresent(t -> out.instant("startTime", t));
        s.endTime().ifPresent(t -> out.instant("endTime", t));
        out.end();
    }

    static void p2ps(XmlOut out, P2ps p) {
        out.startQualified(P2P, "p2ps", NsiNamespaces.POINT_TO_POINT)
                .element("capacity", p.capacityMbps())
                .element("directionality", p.directionality().wireName())
                .optional("symmetricPath", p.symmetricPath())
                .element("sourceSTP", p.sourceStp())
                .element("destSTP", p.destStp());
        if (!p.ero().isEmpty()) {
            out.start("ero");
            for (OrderedStp o : p.ero()) {
                out.start("orderedSTP").attribute("order", Integer.toString(o.order())).element("stp", o.stp()).end();
            }
            out.end();
        }
        for (TypedValue v : p.parameters()) {
            out.start("parameter").attribute("type", v.type()).text(v.value()).end();
        }
        out.end();
    }

    static void states(XmlOut out, ConnectionStates s) {
        out.start("connectionStates")
                .element("reservationState", s.reservationState().wireName())
                .element("provisionState", s.provisionState().wireName())
                .element("lifecycleState", s.lifecycleState().wireName());
        dataPlaneStatus(out, s.dataPlaneStatus());
        out.end();
    }

    static void dataPlaneStatus(XmlOut out, DataPlaneStatus d) {
        out.start("dataPlaneStatus")
                .element("active", d.active())
                .element("version", d.version())
                .element("versionConsistent", d.versionConsistent())
                .end();
    }

    /** A serviceException as a child ({@code name}: serviceException or childException), unqualified. */
    static void serviceException(XmlOut out, String name, ServiceExceptionInfo e) {
        out.start(name);
        exceptionContent(out, e);
        out.end();
    }

    /** A fault's detail: the connection types' global serviceException, as the WSDLs name it. */
    static void faultDetail(XmlOut out, ServiceExceptionInfo e) {
        out.startQualified(TYPES, "serviceException", NsiNamespaces.CONNECTION_TYPES);
        exceptionContent(out, e);
        out.end();
    }

    private static void exceptionContent(XmlOut out, ServiceExceptionInfo e) {
        out.element("nsaId", e.nsaId())
                .optional("connectionId", e.connectionId())
                .optional("serviceType", e.serviceType())
                .element("errorId", e.errorCode())
                .element("text", e.text());
        if (!e.variables().isEmpty()) {
            out.start("variables").typeValues("variable", e.variables()).end();
        }
        for (ServiceExceptionInfo child : e.childExceptions()) {
            serviceException(out, "childException", child);
        }
    }

    static void summaryResult(XmlOut out, QuerySummaryResult r) {
        out.start("reservation")
                .element("connectionId", r.connectionId())
                .optional("globalReservationId", r.globalReservationId())
                .optional("description", r.description());
        for (SummaryCriteria c : r.criteria()) {
            out.start("criteria").attribute("version", Integer.toString(c.version()));
            schedule(out, c.schedule());
            out.element("serviceType", c.serviceType());
            if (!c.children().isEmpty()) {
                out.start("children");
                for (ChildSummary child : c.children()) {
                    out.start("child").attribute("order", Integer.toString(child.order()))
                            .element("connectionId", child.connectionId())
                            .element("providerNSA", child.providerNsa())
                            .element("serviceType", child.serviceType());
                    child.p2ps().ifPresent(p -> p2ps(out, p));
                    out.end();
                }
                out.end();
            }
            c.p2ps().ifPresent(p -> p2ps(out, p));
            out.end();
        }
        out.element("requesterNSA", r.requesterNsa());
        states(out, r.connectionStates());
        out.optional("notificationId", r.notificationId()).optional("resultId", r.resultId()).end();
    }

    static void recursiveResult(XmlOut out, QueryRecursiveResult r) {
        out.start("reservation")
                .element("connectionId", r.connectionId())
                .optional("globalReservationId", r.globalReservationId())
                .optional("description", r.description());
        r.criteria().forEach(c -> recursiveCriteria(out, c));
        out.element("requesterNSA", r.requesterNsa());
        states(out, r.connectionStates());
        out.optional("notificationId", r.notificationId()).optional("resultId", r.resultId()).end();
    }

    private static void recursiveCriteria(XmlOut out, RecursiveCriteria c) {
        out.start("criteria").attribute("version", Integer.toString(c.version()));
        schedule(out, c.schedule());
        out.element("serviceType", c.serviceType());
        if (!c.children().isEmpty()) {
            out.start("children");
            for (ChildRecursive child : c.children()) {
                out.start("child").attribute("order", Integer.toString(child.order()))
                        .element("connectionId", child.connectionId())
                        .element("providerNSA", child.providerNsa());
                states(out, child.connectionStates());
                child.criteria().forEach(cc -> recursiveCriteria(out, cc));
                out.end();
            }
            out.end();
        }
        c.p2ps().ifPresent(p -> p2ps(out, p));
        out.end();
    }
}
