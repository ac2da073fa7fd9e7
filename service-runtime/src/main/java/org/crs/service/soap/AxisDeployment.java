package org.crs.service.soap;

import java.util.Collection;

import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.TransportInDescription;
import org.apache.axis2.transport.http.AxisServletListener;
import org.crs.domain.access.AccessTable;
import org.crs.service.monitoring.ServiceMetrics;
import org.crs.service.security.CallAudit;

/**
 * The Axis2 side of a {@link SoapServer}: one configuration context per server, built from the
 * runtime's own axis2.xml ({@link ClasspathAxisConfigurator}), with the services deployed into it
 * ({@link ServiceDeployer}) and the server's access control, audit and metrics handed to the
 * message receiver ({@link CrsRpcMessageReceiver}) as its properties.
 */
final class AxisDeployment {

    private AxisDeployment() {
    }

    /**
     * A configuration context with {@code services} deployed.
     *
     * @param accessTable the table callers are checked against (they are authenticated first);
     *     null when every operation answers anyone
     * @param audit where state-changing and refused calls are recorded; null for nowhere
     * @param metrics where calls are counted; null for nowhere
     * @param tlsOnly whether the server speaks only TLS (its WSDL then names the https endpoint)
     * @throws IllegalStateException if Axis2 refuses a service
     */
    static ConfigurationContext deploy(Collection<ServiceDeployer.ServiceDef> services, AccessTable accessTable,
                                       CallAudit audit, ServiceMetrics metrics, boolean tlsOnly) {
        try {
            ConfigurationContext cc = ClasspathAxisConfigurator.createContext(ClasspathAxisConfigurator.SERVER_CONFIG);
            cc.setProperty(Constants.CONTAINER_MANAGED, Constants.VALUE_TRUE);
            if (accessTable != null) {
                cc.setProperty(CrsRpcMessageReceiver.ACCESS_CONTROL, accessTable);
            }
            if (audit != null) {
                cc.setProperty(CrsRpcMessageReceiver.AUDIT, audit);
            }
            if (metrics != null) {
                cc.setProperty(CrsRpcMessageReceiver.METRICS, metrics);
            }
            if (tlsOnly) {
                // Axis2 writes one endpoint address per receiver into the WSDL, named after it: a
                // server that speaks only TLS has only an https receiver. A server with TLS beside
                // plain HTTP keeps only the http one, so that its WSDL names the plain endpoint
                // people use; CrsAxisServlet hands it the requests of the TLS connector too.
                TransportInDescription https = new TransportInDescription(Constants.TRANSPORT_HTTPS);
                https.setReceiver(new AxisServletListener());
                cc.getAxisConfiguration().getTransportsIn().remove(Constants.TRANSPORT_HTTP);
                cc.getAxisConfiguration().addTransportIn(https);
            }
            for (ServiceDeployer.ServiceDef def : services) {
                ServiceDeployer.deploy(cc, def);
            }
            return cc;
        } catch (AxisFault e) {
            throw new IllegalStateException("Axis2 could not deploy the services: " + e.getMessage(), e);
        }
    }

    /**
     * Tells the receivers the ports Tomcat bound: WSDL endpoint addresses use the listener's port,
     * which would otherwise be learnt from the first request.
     *
     * @param tlsPort the TLS connector's port, -1 without TLS
     */
    static void listenOn(ConfigurationContext cc, int port, int tlsPort) {
        TransportInDescription http = cc.getAxisConfiguration().getTransportIn(Constants.TRANSPORT_HTTP);
        if (http != null && http.getReceiver() instanceof AxisServletListener listener) {
            listener.setPort(port);
        }
        TransportInDescription https = cc.getAxisConfiguration().getTransportIn(Constants.TRANSPORT_HTTPS);
        if (https != null && https.getReceiver() instanceof AxisServletListener listener) {
            listener.setPort(tlsPort);
        }
    }
}
