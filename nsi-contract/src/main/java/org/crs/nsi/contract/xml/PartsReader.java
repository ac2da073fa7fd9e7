package org.crs.nsi.contract.xml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.nsi.contract.message.ChildRecursive;
import org.crs.nsi.contract.message.ChildSummary;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.Directionality;
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
import org.w3c.dom.Element;

/**
 * Reads the parts messages share: the header, criteria and their {@code p2ps}, connection
 * states, service exceptions, and the reservations of query answers. Lenient where peers
 * deviate: a criteria version of 0, any service type, states read by the domain's
 * {@code fromWire} (OpenNSA's {@code ReserveComitting}).
 */
final class PartsReader {

    private PartsReader() {
    }

    static NsiHeader header(Element h) throws NsiPayloadException {
        return new NsiHeader(Dom.requiredText(h, "protocolVersion"), Dom.requiredText(h, "correlationId"),
                Dom.requiredText(h, "requesterNSA"), Dom.requiredText(h, "providerNSA"), Dom.optionalText(h, "replyTo"));
    }

    /** A reserve's or reserveConfirmed's criteria. */
    static Criteria criteria(Element c) throws NsiPayloadException {
        Optional<Element> p2ps = Dom.optional(c, "p2ps");
        return new Criteria(Dom.optionalIntAttribute(c, "version"), schedule(c), Dom.optionalText(c, "serviceType"),
                p2ps.isEmpty() ? Optional.empty() : Optional.of(p2ps(p2ps.get())));
    }

    /** The schedule of {@code parent}; absent: neither start nor end. */
    static Schedule schedule(Element parent) throws NsiPayloadException {
        Optional<Element> s = Dom.optional(parent, "schedule");
        if (s.isEmpty()) {
            return Schedule.unbounded();
        }
        return new Schedule(Dom.optionalInstant(s.get(), "startTime"), Dom.optionalInstant(s.get(), "endTime"));
    }

    static P2ps p2ps(Element p) throws NsiPayloadException {
        long capacity = Dom.requiredLong(p, "capacity");
        if (capacity < 0) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "capacity", "Mbit/s cannot be negative, was "
                    + capacity);
        }
        // The schema's default when the element is left out.
        Directionality directionality = Directionality.BIDIRECTIONAL;
        Optional<String> d = Dom.optionalText(p, "directionality");
        if (d.isPresent()) {
            directionality = Directionality.fromWire(d.get()).orElseThrow(() -> new NsiPayloadException(
                    NsiErrorId.PAYLOAD_ERROR, "directionality", "'" + d.get() + "' is neither Bidirectional nor"
                    + " Unidirectional"));
        }
        List<OrderedStp> ero = new ArrayList<>();
        Optional<Element> route = Dom.optional(p, "ero");
        if (route.isPresent()) {
            for (Element o : Dom.children(route.get(), "orderedSTP")) {
                ero.add(new OrderedStp(Dom.requiredIntAttribute(o, "order"), Dom.requiredStp(o, "stp")));
            }
        }
        List<TypedValue> parameters = new ArrayList<>();
        for (Element e : Dom.children(p, "parameter")) {
            String type = e.getAttribute("type").trim();
            if (type.isEmpty()) {
                throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, "@type", "missing on parameter");
            }
            parameters.add(new TypedValue(type, Dom.text(e)));
        }
        return new P2ps(capacity, directionality, Dom.optionalBoolean(p, "symmetricPath"), Dom.requiredStp(p, "sourceSTP"),
                Dom.requiredStp(p, "destSTP"), ero, parameters);
    }

    static ConnectionStates states(Element s) throws NsiPayloadException {
        String r = Dom.requiredText(s, "reservationState");
        String p = Dom.requiredText(s, "provisionState");
        String l = Dom.requiredText(s, "lifecycleState");
        return new ConnectionStates(
                NsiReservationState.fromWire(r).orElseThrow(() -> unknownState("reservationState", r)),
                ProvisionState.fromWire(p).orElseThrow(() -> unknownState("provisionState", p)),
                LifecycleState.fromWire(l).orElseThrow(() -> unknownState("lifecycleState", l)),
                dataPlaneStatus(Dom.required(s, "dataPlaneStatus")));
    }

    private static NsiPayloadException unknownState(String element, String value) {
        return new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, element, "'" + value + "' is not a state of it");
    }

    static DataPlaneStatus dataPlaneStatus(Element d) throws NsiPayloadException {
        return new DataPlaneStatus(Dom.requiredBoolean(d, "active"), Dom.requiredInt(d, "version"),
                Dom.requiredBoolean(d, "versionConsistent"));
    }

    /**
     * A {@code serviceException}: its error id read as the code, or the code's family when the
     * exact id is not known, or {@link NsiErrorId#INTERNAL_ERROR} when neither is; the code as
     * sent is kept.
     */
    static ServiceExceptionInfo serviceException(Element e) throws NsiPayloadException {
        String code = Dom.requiredText(e, "errorId");
        List<ServiceExceptionInfo> children = new ArrayList<>();
        for (Element c : Dom.children(e, "childException")) {
            children.add(serviceException(c));
        }
        Optional<Element> variables = Dom.optional(e, "variables");
        return new ServiceExceptionInfo(Dom.requiredText(e, "nsaId"), Dom.optionalText(e, "connectionId"),
                Dom.optionalText(e, "serviceType"), NsiErrorId.read(code).orElse(NsiErrorId.INTERNAL_ERROR), code,
                Dom.required(e, "text").getTextContent(),
                variables.isEmpty() ? Map.of() : typeValues(variables.get(), "variable"), children);
    }

    /** A type-value list ({@code variable*} or {@code attribute*}, each {@code @type} with {@code value*}). */
    static Map<String, List<String>> typeValues(Element list, String itemName) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (Element item : Dom.children(list, itemName)) {
            List<String> v = values.computeIfAbsent(item.getAttribute("type"), t -> new ArrayList<>());
            for (Element value : Dom.children(item, "value")) {
                v.add(value.getTextContent());
            }
        }
        return values;
    }

    static QuerySummaryResult summaryResult(Element r) throws NsiPayloadException {
        List<SummaryCriteria> criteria = new ArrayList<>();
        for (Element c : Dom.children(r, "criteria")) {
            List<ChildSummary> children = new ArrayList<>();
            Optional<Element> list = Dom.optional(c, "children");
            if (list.isPresent()) {
                for (Element child : Dom.children(list.get(), "child")) {
                    children.add(new ChildSummary(Dom.requiredIntAttribute(child, "order"),
                            Dom.requiredText(child, "connectionId"), Dom.requiredText(child, "providerNSA"),
                            Dom.optionalText(child, "serviceType").orElse(""), optionalP2ps(child)));
                }
            }
            criteria.add(new SummaryCriteria(version(c), schedule(c), Dom.optionalText(c, "serviceType").orElse(""),
                    children, optionalP2ps(c)));
        }
        return new QuerySummaryResult(Dom.requiredText(r, "connectionId"), Dom.optionalText(r, "globalReservationId"),
                Dom.optionalRawText(r, "description"), criteria, Dom.requiredText(r, "requesterNSA"),
                states(Dom.required(r, "connectionStates")), Dom.optionalLong(r, "notificationId"),
                Dom.optionalLong(r, "resultId"));
    }

    static QueryRecursiveResult recursiveResult(Element r) throws NsiPayloadException {
        List<RecursiveCriteria> criteria = new ArrayList<>();
        for (Element c : Dom.children(r, "criteria")) {
            criteria.add(recursiveCriteria(c));
        }
        return new QueryRecursiveResult(Dom.requiredText(r, "connectionId"), Dom.optionalText(r, "globalReservationId"),
                Dom.optionalRawText(r, "description"), criteria, Dom.requiredText(r, "requesterNSA"),
                states(Dom.required(r, "connectionStates")), Dom.optionalLong(r, "notificationId"),
                Dom.optionalLong(r, "resultId"));
    }

    private static RecursiveCriteria recursiveCriteria(Element c) throws NsiPayloadException {
        List<ChildRecursive> children = new ArrayList<>();
        Optional<Element> list = Dom.optional(c, "children");
        if (list.isPresent()) {
            for (Element child : Dom.children(list.get(), "child")) {
                List<RecursiveCriteria> childCriteria = new ArrayList<>();
                for (Element cc : Dom.children(child, "criteria")) {
                    childCriteria.add(recursiveCriteria(cc));
                }
                if (childCriteria.isEmpty()) {
                    throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, "criteria", "missing in child");
                }
                children.add(new ChildRecursive(Dom.requiredIntAttribute(child, "order"),
                        Dom.requiredText(child, "connectionId"), Dom.requiredText(child, "providerNSA"),
                        states(Dom.required(child, "connectionStates")), childCriteria));
            }
        }
        return new RecursiveCriteria(version(c), schedule(c), Dom.optionalText(c, "serviceType").orElse(""), children,
                optionalP2ps(c));
    }

    /** A query result's criteria version; a peer that leaves it out is read as version 0, as OpenNSA reports. */
    private static int version(Element c) throws NsiPayloadException {
        return Dom.optionalIntAttribute(c, "version").orElse(0);
    }

    private static Optional<P2ps> optionalP2ps(Element parent) throws NsiPayloadException {
        Optional<Element> p = Dom.optional(parent, "p2ps");
        return p.isEmpty() ? Optional.empty() : Optional.of(p2ps(p.get()));
    }
}
