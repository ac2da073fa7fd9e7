package org.crs.service.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * The {@link SSLContext} a service calls other services with: its own key and certificate from
 * {@link TlsSettings#keyStore()}, presented when the called service asks for a client
 * certificate, and the authorities of {@link TlsSettings#trustStore()}, which the called
 * service's certificate must chain to. The HTTP clients that use it keep hostname verification
 * on: the services' certificates name the host they are reached at.
 */
public final class TlsContexts {

    /** The protocols spoken, newest first; older ones are refused. */
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    private TlsContexts() {
    }

    /**
     * A client context from a service's settings.
     *
     * @throws IllegalArgumentException naming the store that cannot be read (missing file, wrong
     *     password, not PKCS12), never a password
     */
    public static SSLContext client(TlsSettings settings) {
        KeyStore keys = load(settings.keyStore(), settings.keyStorePassword(), "keyStore");
        KeyStore trusted = load(settings.trustStore(), settings.trustStorePassword(), "trustStore");
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, settings.keyStorePassword().toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("keyStore " + settings.keyStore() + ": its key cannot be used ("
                    + e.getClass().getSimpleName() + ")", e);
        }
    }

    /** Parameters that allow only {@link #PROTOCOLS}, with hostname verification ({@code HTTPS}). */
    public static SSLParameters parameters(SSLContext context) {
        SSLParameters p = context.getDefaultSSLParameters();
        p.setProtocols(PROTOCOLS.toArray(String[]::new));
        p.setEndpointIdentificationAlgorithm("HTTPS");
        return p;
    }

    /**
     * Reads a PKCS12 store.
     *
     * @param key the configuration key, for the message
     * @throws IllegalArgumentException naming the key and the file, never the password
     */
    public static KeyStore load(Path file, String password, String key) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(key + ": no file " + file);
        }
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance(TlsSettings.STORE_TYPE);
            store.load(in, password.toCharArray());
            return store;
        } catch (IOException | GeneralSecurityException e) {
            // A wrong password shows as an IOException whose cause is an UnrecoverableKeyException.
            throw new IllegalArgumentException(key + ": " + file + " cannot be read as PKCS12 with its password ("
                    + e.getClass().getSimpleName() + ")", e);
        }
    }
}
