package org.crs.service.soap;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

/**
 * The Tomcat side of a {@link SoapServer}'s hardening: connectors that name no product or version,
 * keep callers' connections alive, bound the threads and swallow refused bodies, and speak TLS 1.3
 * or 1.2 with the service's key store, asking callers for a certificate as
 * {@link org.crs.service.tls.ClientAuth} says; and error pages without stack trace or version.
 */
final class TomcatConnectors {

    private TomcatConnectors() {
    }

    /** Tomcat's own error pages: no stack trace, no server version. */
    static void hideErrorDetails(Tomcat tomcat) {
        ErrorReportValve errorReport = new ErrorReportValve();
        errorReport.setShowReport(false);
        errorReport.setShowServerInfo(false);
        tomcat.getHost().getPipeline().addValve(errorReport);
    }

    /**
     * An HTTP/1.1 connector on {@code host} and {@code port}, speaking TLS with {@code tls} unless
     * it is null.
     *
     * @param maxRequestBytes the server's request limit: the connector swallows at least that much
     *                        of a refused body, so that the caller reads the refusal
     */
    static Connector connector(String host, int port, TlsSettings tls, long maxRequestBytes) {
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", host);
        connector.setXpoweredBy(false);
        connector.setProperty("server", "CRS");
        connector.setProperty("maxThreads", "64");
        connector.setProperty("connectionTimeout", "20000");
        // Services call each other over kept-alive connections; the default (100 requests) made
        // each caller connect again every hundred calls. Idle connections still close on timeout.
        connector.setProperty("maxKeepAliveRequests", "-1");
        connector.setProperty("maxSwallowSize", String.valueOf(Math.max(maxRequestBytes, 2L << 20)));
        connector.setProperty("bindOnInit", "true");
        connector.setThrowOnFailure(true);
        if (tls != null) {
            connector.setScheme("https");
            connector.setSecure(true);
            connector.setProperty("SSLEnabled", "true");
            SSLHostConfig sslHost = new SSLHostConfig();
            sslHost.setHostName("_default_"); // every host name the client asks for
            // "+" adds each to an empty list; without it Tomcat warns that a prefix may be missing.
            sslHost.setProtocols("+" + String.join(",+", TlsContexts.PROTOCOLS));
            // none, optional or required: optional asks for a certificate, serves a caller without
            // one, and refuses one that does not chain to the trust store.
            sslHost.setCertificateVerification(tls.clientAuth().yamlName());
            // Absolute: Tomcat would take a relative path as relative to its own temporary base folder.
            sslHost.setTruststoreFile(tls.trustStore().toAbsolutePath().toString());
            sslHost.setTruststorePassword(tls.trustStorePassword());
            sslHost.setTruststoreType(TlsSettings.STORE_TYPE);
            SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(sslHost, SSLHostConfigCertificate.Type.UNDEFINED);
            certificate.setCertificateKeystoreFile(tls.keyStore().toAbsolutePath().toString());
            certificate.setCertificateKeystorePassword(tls.keyStorePassword());
            certificate.setCertificateKeystoreType(TlsSettings.STORE_TYPE);
            sslHost.addCertificate(certificate);
            connector.addSslHostConfig(sslHost);
        }
        return connector;
    }
}
