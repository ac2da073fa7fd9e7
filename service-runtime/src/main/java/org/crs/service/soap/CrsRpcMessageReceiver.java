package org.crs.service.soap;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAPBody;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.databinding.utils.BeanUtil;
import org.apache.axis2.description.AxisMessage;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.java2wsdl.TypeTable;
import org.apache.axis2.receivers.AbstractInOutMessageReceiver;
import org.apache.axis2.rpc.receivers.RPCUtil;
import org.apache.axis2.util.StreamWrapper;
import org.apache.axis2.wsdl.WSDLConstants;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Decision;
import org.crs.domain.access.Effect;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.db.StoreException;
import org.crs.service.monitoring.ServiceMetrics;
import org.crs.service.security.CallAudit;
import org.crs.service.security.CallContext;
import org.crs.service.security.CurrentCall;
import org.crs.domain.audit.Redaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Axis2's RPCMessageReceiver for CRS services, answering a bad request as the caller's error:
 * <ul>
 * <li>the operation is the body's element: a SOAPAction naming another operation is refused
 * (Axis2 dispatches on the SOAPAction first, so a {@code getReservation} body sent with the
 * action of {@code cancelReservation} used to cancel);</li>
 * <li>the request element is checked against the operation's schema ({@link RequestShape})
 * before Axis2 binds it to Java: a bad number, boolean or time, an element missing, out of order,
 * repeated or unknown is refused naming the element;</li>
 * <li>those refusals ({@code BAD_FIELD}) and a {@link ServiceFault} the method throws are Client
 * faults ({@code Sender} in SOAP 1.2) whose detail carries code, field and reason, in the shape of
 * the service's typed fault;
 * a {@link ServiceFault#failure} is a Server fault;</li>
 * <li>an exception the method throws without declaring it (a bug, a database error, a driver
 * error whose text may name a device or a credential) reaches the client as "Internal error
 * (incident ID)" instead of its own message; the full exception is logged with the same id;</li>
 * <li>but a database that cannot be reached ({@link StoreException#isUnreachable}) is no bug: a
 * Server fault {@code STORE_UNAVAILABLE}, which the caller may retry.</li>
 * </ul>
 * The answer to a good request is built by Axis2 exactly as its RPCMessageReceiver does.
 */
final class CrsRpcMessageReceiver extends AbstractInOutMessageReceiver {

    /** Name of the AxisOperation parameter holding the operation's Java method. */
    static final String METHOD_PARAMETER = "crs.method";

    /** Configuration context property: the {@link AccessTable} every call must pass, absent when none need. */
    static final String ACCESS_CONTROL = "crs.accessControl";
    /** Configuration context property: the {@link CallAudit} that records changes, if any. */
    static final String AUDIT = "crs.audit";
    /** Configuration context property: the {@link ServiceMetrics} that count calls, if any. */
    static final String METRICS = "crs.metrics";

    private static final Logger log = LoggerFactory.getLogger(CrsRpcMessageReceiver.class);
    private static final String SOAP11_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12_ENVELOPE = "http://www.w3.org/2003/05/soap-envelope";

    /**
     * Every SOAP call of a CRS service passes here: it is counted by operation and outcome
     * ({@link ServiceMetrics#soapCall}), whatever the answer, a refusal of the access table included.
     */
    @Override
    public void invokeBusinessLogic(MessageContext in, MessageContext out) throws AxisFault {
        long t0 = System.nanoTime();
        ServiceMetrics metrics = (ServiceMetrics) in.getConfigurationContext().getProperty(METRICS);
        if (metrics == null) {
            answer(in, out);
            return;
        }
        String service = in.getAxisService().getName();
        String operation = in.getOperationContext().getAxisOperation().getName().getLocalPart();
        ServiceMetrics.Outcome outcome = ServiceMetrics.Outcome.SERVER_FAULT;
        String code = "INTERNAL_ERROR";
        try {
            answer(in, out);
            outcome = ServiceMetrics.Outcome.OK;
            code = "";
        } catch (AxisFault fault) {
            code = codeOf(fault);
            outcome = code.equals(RefusalCode.NOT_ALLOWED.name()) || code.equals(RefusalCode.NOT_SIGNED_IN.name())
                    ? ServiceMetrics.Outcome.REFUSED
                    : clientCode(in).equals(fault.getFaultCode()) ? ServiceMetrics.Outcome.CLIENT_FAULT
                    : ServiceMetrics.Outcome.SERVER_FAULT;
            throw fault;
        } finally {
            metrics.soapCall(service, operation, outcome, code, Duration.ofNanos(System.nanoTime() - t0));
        }
    }

    /**
     * The refusal code a fault carries in its detail ({@code <code>} of a {@link ServiceFault}),
     * {@code INTERNAL_ERROR} for a fault without a detail (an undeclared exception), or the name of
     * the detail's element for a declared exception of another kind.
     */
    private static String codeOf(AxisFault fault) {
        OMElement detail = fault.getDetail();
        if (detail != null) {
            for (Iterator<OMElement> it = elements(detail); it.hasNext(); ) {
                OMElement e = it.next();
                if (e.getLocalName().equals("code") && !e.getText().isBlank()) {
                    return e.getText().strip();
                }
            }
            OMElement first = detail.getFirstElement();
            if (first != null) {
                return first.getLocalName();
            }
        }
        return "INTERNAL_ERROR";
    }

    /** {@code root} and every element under it. */
    private static Iterator<OMElement> elements(OMElement root) {
        List<OMElement> all = new ArrayList<>();
        ArrayDeque<OMElement> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            OMElement e = todo.pop();
            all.add(e);
            for (Iterator<OMElement> c = e.getChildElements(); c.hasNext(); ) {
                todo.add(c.next());
            }
        }
        return all.iterator();
    }

    private void answer(MessageContext in, MessageContext out) throws AxisFault {
        AxisOperation op = in.getOperationContext().getAxisOperation();
        AxisService service = in.getAxisService();
        Method method = (Method) op.getParameterValue(METHOD_PARAMETER);
        RequestShape shape = (RequestShape) op.getParameterValue(RequestShape.PARAMETER);
        if (method == null || shape == null) {
            throw new AxisFault("Operation " + op.getName() + " of " + service.getName() + " was not deployed by SoapServer");
        }
        Object target = getTheImplementationObject(in);
        AxisMessage inMessage = op.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        OMElement request = requestElement(in, inMessage.getElementQName());
        String operation = op.getName().getLocalPart();
        CallAudit audit = (CallAudit) in.getConfigurationContext().getProperty(AUDIT);
        AccessTable table = (AccessTable) in.getConfigurationContext().getProperty(ACCESS_CONTROL);
        boolean changes = (table != null ? table : AccessTable.standard()).rowOf(service.getName(), operation)
                .map(r -> r.effect() == Effect.CHANGE).orElse(true);
        if (table != null) {
            CallContext call = CurrentCall.context();
            Decision decision = table.decision(call.caller(), service.getName(), operation);
            if (decision != Decision.ALLOWED) {
                RefusalCode code = decision == Decision.NOT_SIGNED_IN ? RefusalCode.NOT_SIGNED_IN : RefusalCode.NOT_ALLOWED;
                record(audit, service.getName(), operation, request, code.name());
                throw clientFault(in, new Refusal(code, "", service.getName() + "." + operation + " is not allowed to "
                        + call.caller().name() + " (" + call.caller().kind() + ")"));
            }
        }
        try {
            shape.check(request);
        } catch (RequestShape.BadShape bad) {
            if (changes) {
                record(audit, service.getName(), operation, request, bad.refusal().code().name());
            }
            throw clientFault(in, bad.refusal());
        }

        Object result;
        try {
            result = RPCUtil.invokeServiceClass(inMessage, method, target, null, request, in);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            AxisFault fault = fault(in, method, cause);
            boolean unreachable = StoreException.isUnreachable(cause);
            if (changes) {
                String outcome = cause instanceof ServiceFault f ? f.getCode()
                        : unreachable ? RefusalCode.STORE_UNAVAILABLE.name() : "INTERNAL_ERROR";
                try {
                    record(audit, service.getName(), operation, request, outcome);
                } catch (RuntimeException auditFailed) {
                    if (!unreachable || !StoreException.isUnreachable(auditFailed)) {
                        throw auditFailed;
                    }
                    // The trail lives in the same database: a call that did nothing cannot be recorded either.
                    log.warn("{}.{} refused with {}; not in the audit trail, whose database cannot be reached either",
                            service.getName(), operation, outcome);
                }
            }
            throw fault;
        } catch (IllegalAccessException e) {
            throw new AxisFault("Operation " + method.getName() + " of " + service.getName() + " is not accessible", e);
        }
        if (changes) {
            record(audit, service.getName(), operation, request, "OK");
        }

        SOAPFactory factory = getSOAPFactory(in);
        AxisMessage outMessage = op.getMessage(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        String namespace = outMessage != null && outMessage.getElementQName() != null
                ? outMessage.getElementQName().getNamespaceURI() : service.getTargetNamespace();
        OMNamespace ns = factory.createOMNamespace(namespace, service.getSchemaTargetNamespacePrefix());
        SOAPEnvelope envelope = factory.getDefaultEnvelope();
        try {
            RPCUtil.processResponseAsDocLitWrapped(result, service, method, envelope, factory, ns, null, out);
        } catch (AxisFault e) {
            throw e;
        } catch (Exception e) {
            throw fault(in, method, e);
        }
        out.setEnvelope(envelope);
    }

    /** Hands the call to the audit, if the server has one; a failing audit fails the call. */
    private static void record(CallAudit audit, String service, String operation, OMElement request, String outcome) {
        if (audit != null) {
            audit.record(service, operation, CurrentCall.context(), Redaction.arguments(arguments(request)), outcome);
        }
    }

    /** The request's elements by name, nested ones as {@code parent.child}; long values clipped. */
    static Map<String, String> arguments(OMElement request) {
        Map<String, String> out = new LinkedHashMap<>();
        addArguments(out, "", request);
        return out;
    }

    private static void addArguments(Map<String, String> out, String prefix, OMElement element) {
        for (Iterator<OMElement> it = element.getChildElements(); it.hasNext(); ) {
            OMElement child = it.next();
            String name = prefix + child.getLocalName();
            if (child.getFirstElement() != null) {
                addArguments(out, name + ".", child);
            } else {
                String text = child.getText();
                out.merge(name, text.length() > 500 ? text.substring(0, 500) + "..." : text, (a, b) -> a + "," + b);
            }
        }
    }

    /**
     * The body's element, which must be the operation's: Axis2 took the operation from the
     * SOAPAction when there was one.
     */
    private static OMElement requestElement(MessageContext in, QName expected) throws AxisFault {
        SOAPBody body = in.getEnvelope().getBody();
        OMElement element = body == null ? null : body.getFirstElement();
        if (element == null) {
            throw clientFault(in, expected.getLocalPart(), "the SOAP body is empty; it must hold the "
                    + expected.getLocalPart() + " element");
        }
        QName actual = element.getQName();
        if (!actual.getLocalPart().equals(expected.getLocalPart())) {
            throw clientFault(in, "SOAPAction", "names the operation " + expected.getLocalPart() + " but the body holds "
                    + actual.getLocalPart() + "; send the action of the body's operation, or none");
        }
        if (!expected.getNamespaceURI().equals(actual.getNamespaceURI())) {
            throw clientFault(in, actual.getLocalPart(), "must be in the namespace " + expected.getNamespaceURI()
                    + ", was " + (actual.getNamespaceURI().isEmpty() ? "none" : actual.getNamespaceURI()));
        }
        if (element.getNextOMSibling() != null && nextElement(element) != null) {
            throw clientFault(in, nextElement(element).getLocalName(), "the SOAP body must hold one element, "
                    + expected.getLocalPart() + ", and nothing after it");
        }
        return element;
    }

    private static OMElement nextElement(OMElement element) {
        for (var node = element.getNextOMSibling(); node != null; node = node.getNextOMSibling()) {
            if (node instanceof OMElement next) {
                return next;
            }
        }
        return null;
    }

    /** The fault for what the service method threw, as Axis2 makes it, with the right code. */
    private AxisFault fault(MessageContext in, Method method, Throwable cause) {
        if (cause instanceof AxisFault axisFault) {
            return axisFault;
        }
        AxisService service = in.getAxisService();
        if (cause instanceof ServiceFault serviceFault && declares(method, cause.getClass())) {
            AxisFault fault = new AxisFault(cause.getMessage());
            fault.setDetail(detail(in, serviceFault));
            if (serviceFault.callersError()) {
                fault.setFaultCode(clientCode(in));
            }
            return fault;
        }
        if (cause instanceof Exception && !(cause instanceof RuntimeException) && declares(method, cause.getClass())) {
            AxisFault fault = new AxisFault(cause.getMessage());
            fault.setDetail(typedDetail(in, cause));
            return fault;
        }
        if (StoreException.isUnreachable(cause)) {
            // Not a bug: the database is restarting or failing over. The caller may ask again.
            log.warn("{}.{}: the database cannot be reached: {}", service.getName(), method.getName(), cause.getMessage());
            ServiceFault unavailable = ServiceFault.failure(StoreException.unavailable());
            AxisFault fault = new AxisFault(unavailable.getMessage());
            fault.setDetail(detail(in, unavailable));
            return fault;
        }
        String incident = UUID.randomUUID().toString().substring(0, 8);
        log.error("Undeclared exception from {}.{} (incident {})", service.getName(), method.getName(), incident, cause);
        return new AxisFault("Internal error (incident " + incident + ")");
    }

    // Axis2 maps an exception to a declared fault only when its class is exactly a declared one
    private static boolean declares(Method method, Class<?> thrown) {
        for (Class<?> declared : method.getExceptionTypes()) {
            if (declared.getName().equals(thrown.getName())) {
                return true;
            }
        }
        return false;
    }

    /** A Client fault naming {@code field} ({@code BAD_FIELD}), with the detail of a {@link ServiceFault}. */
    static AxisFault clientFault(MessageContext in, String field, String reason) {
        return clientFault(in, Refusal.badField(field, field + ": " + reason));
    }

    /** A Client fault carrying {@code refused}, with the detail of a {@link ServiceFault}. */
    static AxisFault clientFault(MessageContext in, Refusal refused) {
        ServiceFault refusal = new ServiceFault(refused);
        AxisFault fault = new AxisFault(refusal.getMessage());
        fault.setFaultCode(clientCode(in));
        fault.setDetail(detail(in, refusal));
        return fault;
    }

    static QName clientCode(MessageContext in) {
        return clientCode(in.isSOAP11());
    }

    /** The fault code of a caller's error: Client in SOAP 1.1, Sender in SOAP 1.2. */
    static QName clientCode(boolean soap11) {
        return soap11 ? new QName(SOAP11_ENVELOPE, "Client", "soapenv") : new QName(SOAP12_ENVELOPE, "Sender", "soapenv");
    }

    /** {@code <ns:{Service}ServiceFault><ServiceFault><code/><field/><reason/></ServiceFault></...>}, as Axis2 makes it. */
    private static OMElement detail(MessageContext in, ServiceFault fault) {
        return typedDetail(in, fault);
    }

    private static OMElement typedDetail(MessageContext in, Throwable thrown) {
        AxisService service = in.getAxisService();
        String simpleName = thrown.getClass().getSimpleName();
        TypeTable types = service.getTypeTable();
        QName wrapper = types.getQNamefortheType(service.getName() + simpleName);
        if (wrapper == null) {
            // an operation that declares no ServiceFault: the same shape in the service's namespace
            wrapper = new QName(service.getSchemaTargetNamespace(), service.getName() + simpleName,
                    service.getSchemaTargetNamespacePrefix());
        }
        SOAPFactory factory = in.isSOAP11() ? OMAbstractFactory.getSOAP11Factory() : OMAbstractFactory.getSOAP12Factory();
        OMElement detail = factory.createOMElement(wrapper);
        var reader = BeanUtil.getPullParser(thrown, new QName(wrapper.getNamespaceURI(), simpleName), types, true, false);
        detail.addChild(OMXMLBuilderFactory.createStAXOMBuilder(new StreamWrapper(reader)).getDocumentElement());
        return detail;
    }
}
