/**
 * Transport security of the services: the key and trust stores a service is configured with
 * ({@link org.crs.service.tls.TlsSettings}), whether its TLS connector asks callers for a
 * certificate ({@link org.crs.service.tls.ClientAuth}), the {@code SSLContext} its own outgoing
 * calls use ({@link org.crs.service.tls.TlsContexts}) and the checks that every such call presents the
 * service's certificate ({@link org.crs.service.tls.ClientCertificate}), the verified client certificate of a
 * request and the comparison of certificate subjects as X.500 names
 * ({@link org.crs.service.tls.CertificateSubjects}), and a small certificate authority for the
 * demo and the tests ({@link org.crs.service.tls.CertificateAuthority}).
 *
 * <p>Who a subject is and what it may do is decided elsewhere; this package only carries the
 * verified certificate chain to the request and names the subjects.
 */
package org.crs.service.tls;
