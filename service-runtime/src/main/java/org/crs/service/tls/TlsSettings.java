package org.crs.service.tls;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The certificates of one service: its own key and certificate chain, which it shows as a
 * server and presents as a client when it calls another service, and the authorities it
 * trusts, for the certificates of its callers and of the services it calls.
 *
 * @param keyStore a PKCS12 file holding one private key entry: the service's key and its chain
 * @param keyStorePassword the password of the key store and of its key; never in {@link #toString()}
 * @param trustStore a PKCS12 file holding the certificates of the trusted authorities
 * @param trustStorePassword the password of the trust store; never in {@link #toString()}
 * @param clientAuth whether the service's TLS connector asks its callers for a certificate
 */
public record TlsSettings(Path keyStore, String keyStorePassword, Path trustStore, String trustStorePassword,
                          ClientAuth clientAuth) {

    /** The type of both stores. */
    public static final String STORE_TYPE = "PKCS12";

    public TlsSettings {
        Objects.requireNonNull(keyStore, "keyStore");
        Objects.requireNonNull(keyStorePassword, "keyStorePassword");
        Objects.requireNonNull(trustStore, "trustStore");
        Objects.requireNonNull(trustStorePassword, "trustStorePassword");
        Objects.requireNonNull(clientAuth, "clientAuth");
    }

    /** The same stores with another {@code clientAuth}. */
    public TlsSettings withClientAuth(ClientAuth other) {
        return new TlsSettings(keyStore, keyStorePassword, trustStore, trustStorePassword, other);
    }

    /** Never shows the passwords. */
    @Override
    public String toString() {
        return "TlsSettings[keyStore=" + keyStore + ", trustStore=" + trustStore + ", clientAuth=" + clientAuth.yamlName()
                + ", passwords ***]";
    }
}
