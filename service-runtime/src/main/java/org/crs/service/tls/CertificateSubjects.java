package org.crs.service.tls;

import java.security.cert.X509Certificate;
import java.util.Optional;

import javax.security.auth.x500.X500Principal;

import jakarta.servlet.ServletRequest;

/**
 * Certificate subjects as X.500 names. Two subjects are the same when their names are, not when
 * their texts are: {@code CN=bar-site-a,OU=CRS,O=Demo} and {@code cn=bar-site-a, ou=CRS, o=Demo}
 * name the same subject ({@link X500Principal#equals}, RFC 5280's comparison of the canonical
 * forms).
 */
public final class CertificateSubjects {

    /**
     * The servlet request attribute where Tomcat puts the client's verified certificate chain
     * (an {@code X509Certificate[]}, the client's own first) on a TLS connection where it sent one.
     */
    public static final String REQUEST_ATTRIBUTE = "jakarta.servlet.request.X509Certificate";

    private CertificateSubjects() {
    }

    /**
     * Reads a subject as written in a configuration file ({@code CN=bar-site-a,OU=CRS,O=Demo}).
     *
     * @param where the place of the key in its file, or ""
     * @throws IllegalArgumentException naming the key when it is blank or not a distinguished name
     */
    public static X500Principal parse(String value, String key, String where) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is missing" + where);
        }
        try {
            return new X500Principal(value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ": not a distinguished name (CN=...,OU=...,O=...)" + where, e);
        }
    }

    /** Whether two subjects name the same entity (X.500 name comparison); false when either is null. */
    public static boolean same(X500Principal a, X500Principal b) {
        return a != null && b != null && a.equals(b);
    }

    /** The subject of the first (the holder's own) certificate of a chain; empty for no chain. */
    public static Optional<X500Principal> subjectOf(X509Certificate[] chain) {
        return chain == null || chain.length == 0 ? Optional.empty() : Optional.of(chain[0].getSubjectX500Principal());
    }

    /**
     * The client's certificate chain, as verified by the TLS connector; empty on plain HTTP or
     * when the client sent none (a connector with {@link ClientAuth#OPTIONAL}).
     */
    public static Optional<X509Certificate[]> clientChain(ServletRequest request) {
        Object chain = request.getAttribute(REQUEST_ATTRIBUTE);
        return chain instanceof X509Certificate[] certificates && certificates.length > 0 ? Optional.of(certificates)
                : Optional.empty();
    }

    /** The subject of the client's certificate; empty when it sent none. */
    public static Optional<X500Principal> clientSubject(ServletRequest request) {
        return clientChain(request).flatMap(CertificateSubjects::subjectOf);
    }
}
