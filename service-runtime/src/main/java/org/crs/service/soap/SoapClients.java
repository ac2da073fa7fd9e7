package org.crs.service.soap;

import java.net.URI;
import java.time.Duration;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;

/**
 * Axis2 clients for calling CRS services from tests and tools, built on the runtime's own client
 * axis2.xml rather than the kernel's default (which names deployers that need axis2-jaxws). The
 * services call each other with {@link org.crs.service.soap.client.SoapClient} instead, whose
 * header says why (Axis2's client does not keep to its timeout, and is not thread-safe).
 *
 * <pre>{@code
 * RPCServiceClient client = SoapClients.rpcClient(server.serviceUrl("NsapService"));
 * try {
 *     Object[] answer = client.invokeBlocking(new QName(NS, "status"), new Object[] {id},
 *             new Class<?>[] {StatusBean.class});
 * } finally {
 *     client.cleanupTransport();   // release the pooled HTTP connection after every call
 * }
 * }</pre>
 */
public final class SoapClients {

    /**
     * Default time a call may take before the client gives up, as asked of Axis2; Axis2's HTTP
     * sender does not keep to it (service-runtime/README.md, pitfalls): for a bounded call use
     * a plain HTTP client.
     */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private static ConfigurationContext shared;

    private SoapClients() {
    }

    /** One client-side Axis2 configuration context per JVM, created on first use. */
    public static synchronized ConfigurationContext configurationContext() throws AxisFault {
        if (shared == null) {
            shared = ClasspathAxisConfigurator.createContext(ClasspathAxisConfigurator.CLIENT_CONFIG);
        }
        return shared;
    }

    /** An RPC client for SOAP 1.1 with the default timeout. */
    public static RPCServiceClient rpcClient(URI endpoint) throws AxisFault {
        return rpcClient(endpoint, false, DEFAULT_TIMEOUT);
    }

    /**
     * An RPC client for the service at {@code endpoint} ({@code http://host:port/services/NAME}).
     *
     * @param soap12 send SOAP 1.2 ({@code application/soap+xml}) instead of SOAP 1.1
     */
    public static RPCServiceClient rpcClient(URI endpoint, boolean soap12, Duration timeout) throws AxisFault {
        RPCServiceClient client = new RPCServiceClient(configurationContext(), null);
        Options options = client.getOptions();
        options.setTo(new EndpointReference(endpoint.toString()));
        options.setSoapVersionURI(soap12
                ? SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI
                : SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI);
        options.setTimeOutInMilliSeconds(timeout.toMillis());
        return client;
    }
}
