package org.crs.service.soap.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One operation of a document/literal port type and its parameters, in the order the published
 * schema gives them (the order of the service method's parameters). A parameter is a simple value
 * ({@code String}, a number, {@code Boolean}, {@code Instant} or {@code Calendar}, written as a
 * UTC {@code xs:dateTime}), an array of them, or a SOAP bean, written element by element from its
 * properties in name order, as Axis2's schema generator publishes them.
 *
 * <pre>{@code
 * SoapRequest hold = SoapRequest.of("hold").with("request", segmentRequestBean).with("holdSeconds", 300);
 * }</pre>
 */
public final class SoapRequest {

    /** One parameter: its element name and its value (null writes an empty element). */
    record Parameter(String element, Object value) {
    }

    private final String operation;
    private final List<Parameter> parameters = new ArrayList<>(4);

    private SoapRequest(String operation) {
        this.operation = Objects.requireNonNull(operation, "operation");
    }

    /** A request for {@code operation}, parameters to follow. */
    public static SoapRequest of(String operation) {
        return new SoapRequest(operation);
    }

    /** Adds the next parameter; a null value is sent as an empty element, a bean's null property not at all. */
    public SoapRequest with(String element, Object value) {
        parameters.add(new Parameter(Objects.requireNonNull(element, "element"), value));
        return this;
    }

    /** The operation: the body's element and the SOAPAction {@code "urn:<operation>"}. */
    public String operation() {
        return operation;
    }

    List<Parameter> parameters() {
        return parameters;
    }
}
