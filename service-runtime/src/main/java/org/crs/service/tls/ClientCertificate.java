package org.crs.service.tls;

import java.net.URI;
import java.security.KeyStoreException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.Locale;

import javax.security.auth.x500.X500Principal;

/**
 * The certificate a service presents when it calls another service, and the checks that every
 * such call can present it. The services answer each other only by certificate (a BAR's
 * PeerService, an L-NSAP's and the NSAP's NsapService), so a call that cannot present one is
 * refused every time: a BAR's due work, reconciliation and traffic check, and an L-NSAP's or the
 * NSAP's orphan sweep, would run and never be answered. A configuration file that would make
 * such a call is refused when it is read, naming the key, rather than failing quietly for ever.
 *
 * <p>A certificate goes only over TLS ({@code https://}), and comes from the calling service's
 * own key store (its {@code tls} section, {@link TlsContexts#client}).
 */
public final class ClientCertificate {

    private ClientCertificate() {
    }

    /**
     * Checks that the service at {@code url} is called with this service's certificate: over
     * TLS ({@code https://}) from a file with a {@code tls} section. A file without one may name
     * only {@code http://} services (a test's, which answer without certificates).
     *
     * @param hasTls whether the file has a {@code tls} section
     * @param key the configuration key of the URL, for the message ({@code bars[0].url})
     * @param where the key's place in the file, appended to the message ({@code " (line 7)"})
     * @return {@code url}
     * @throws IllegalArgumentException naming the key, never the URL: an {@code http://} URL with
     *     {@code tls}, or an {@code https://} one without
     */
    public static URI requireFor(URI url, boolean hasTls, String key, String where) {
        boolean https = "https".equals(url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT));
        if (hasTls && !https) {
            throw new IllegalArgumentException(key + ": must be https://: the service is called with this service's client"
                    + " certificate, which goes only over TLS, and answers no call without one" + where);
        }
        if (!hasTls && https) {
            throw new IllegalArgumentException(key + ": is https://, and the file has no tls section (tls.keyStore): the"
                    + " service would be called without this service's client certificate, and answers no call without"
                    + " one" + where);
        }
        return url;
    }

    /**
     * Checks that a file that lists services to call has the {@code tls} section their calls take
     * this service's certificate from.
     *
     * @param hasTls whether the file has a {@code tls} section
     * @param key the key that lists the services called ({@code bars}), for the message
     * @param where the key's place in the file, appended to the message
     * @throws IllegalArgumentException naming the key when there is no {@code tls} section
     */
    public static void requireTls(boolean hasTls, String key, String where) {
        if (!hasTls) {
            throw new IllegalArgumentException(key + ": the services listed are called with this service's client"
                    + " certificate, and answer no call without one; the file has no tls section (tls.keyStore) to take"
                    + " it from" + where);
        }
    }

    /**
     * The subject of the certificate a service presents as a client: that of the first key
     * entry of its key store, for people (the start-up lines) and for checks that it is the
     * subject the called service knows.
     *
     * @throws IllegalArgumentException naming the key store when it cannot be read or holds no key
     *     with an X.509 certificate; never a password
     */
    public static X500Principal subject(TlsSettings settings) {
        var store = TlsContexts.load(settings.keyStore(), settings.keyStorePassword(), "keyStore");
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate certificate) {
                    return certificate.getSubjectX500Principal();
                }
            }
        } catch (KeyStoreException e) {
            throw new IllegalArgumentException("keyStore " + settings.keyStore() + " cannot be listed ("
                    + e.getClass().getSimpleName() + ")", e);
        }
        throw new IllegalArgumentException("keyStore " + settings.keyStore() + " holds no key with a certificate: the"
                + " service would call the others without one");
    }
}
