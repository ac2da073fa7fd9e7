package org.crs.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import javax.net.ssl.SSLContext;
import javax.security.auth.x500.X500Principal;

import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

/**
 * The demo's certificates, in one folder: a CA of its own ({@code ca.p12}, its key, kept to
 * issue more), the trust store every service uses ({@code trust.p12}, the CA's certificate) and
 * one key store per service ({@code bar-site-a.p12}, ...), each with the subject
 * {@code CN=<service>,OU=CRS,O=Demo} for {@code localhost} and {@code 127.0.0.1}. Made at the
 * demo's first start, found again at the next: a store already there is reused, a missing one is
 * issued, and everything is made afresh when the CA is missing.
 *
 * <p>Every store has the password {@link #PASSWORD}. That is a demo's password, printed here
 * on purpose; a real site's certificates come from its own authority
 * (docs/security.md) with passwords from the environment.
 */
public final class DemoCertificates {

    /** The password of every store in the folder. */
    public static final String PASSWORD = "crs-demo-tls";
    /** The services that get a certificate. */
    public static final List<String> SERVICES = List.of("bar-site-a", "bar-site-b", "lnsap-site-a", "lnsap-site-b", "nsap");
    /** The subject of the demo's CA. */
    public static final String CA_SUBJECT = "CN=CRS Demo CA,OU=CRS,O=Demo";

    private static final String CA_FILE = "ca.p12";
    private static final String TRUST_FILE = "trust.p12";

    private static DemoCertificates temporary;

    private final Path folder;

    private DemoCertificates(Path folder) {
        this.folder = folder;
    }

    /**
     * Makes (or finds) the demo's certificates in a folder, for services run standalone from
     * {@code deploy/config}: {@code DemoCertificates [FOLDER]}, by default
     * {@code target/crs-demo/certificates}, where the demo keeps its own.
     */
    public static void main(String[] args) {
        DemoCertificates certificates = inFolder(Path.of(args.length > 0 ? args[0] : "target/crs-demo/certificates"));
        System.out.println("Certificates of " + SERVICES + " and their CA in " + certificates.folder() + " (password "
                + PASSWORD + ")");
    }

    /** The certificates in {@code folder}, made there when missing. */
    public static synchronized DemoCertificates inFolder(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        CertificateAuthority ca;
        if (Files.isRegularFile(dir.resolve(CA_FILE)) && Files.isRegularFile(dir.resolve(TRUST_FILE))) {
            ca = CertificateAuthority.load(dir.resolve(CA_FILE), PASSWORD);
        } else {
            ca = CertificateAuthority.create(CA_SUBJECT);
            ca.writeKeyStore(dir.resolve(CA_FILE), PASSWORD);
            ca.writeTrustStore(dir.resolve(TRUST_FILE), PASSWORD);
            for (String service : SERVICES) {
                try {
                    // Certificates of an earlier CA would no longer be trusted.
                    Files.deleteIfExists(dir.resolve(service + ".p12"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        for (String service : SERVICES) {
            if (!Files.isRegularFile(dir.resolve(service + ".p12"))) {
                ca.issue(subjectText(service), dir.resolve(service + ".p12"), PASSWORD);
            }
        }
        return new DemoCertificates(dir);
    }

    /**
     * Certificates in a temporary folder of this JVM, made once: for federations in tests,
     * several of which may run at once on one machine, each with its own.
     */
    public static synchronized DemoCertificates temporary() {
        if (temporary == null) {
            try {
                temporary = inFolder(Files.createTempDirectory("crs-demo-certificates-"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return temporary;
    }

    /** The folder. */
    public Path folder() {
        return folder;
    }

    /** The trust store every service uses. */
    public Path trustStore() {
        return folder.resolve(TRUST_FILE);
    }

    /** The key store of a service. */
    public Path keyStore(String service) {
        requireService(service);
        return folder.resolve(service + ".p12");
    }

    /** The subject of a service's certificate: {@code CN=<service>,OU=CRS,O=Demo}. */
    public X500Principal subject(String service) {
        requireService(service);
        return new X500Principal(subjectText(service));
    }

    /** A service's stores, asking its callers for certificates as {@code clientAuth} says. */
    public TlsSettings settings(String service, ClientAuth clientAuth) {
        return new TlsSettings(keyStore(service), PASSWORD, trustStore(), PASSWORD, clientAuth);
    }

    /** What a service calls the others with: its certificate and the demo's CA. */
    public SSLContext client(String service) {
        return TlsContexts.client(settings(service, ClientAuth.NONE));
    }

    /**
     * The {@code tls:} section of a service's configuration file, for the processes of tests.
     *
     * @param port the TLS port beside plain HTTP, or null for TLS on {@code listen.port}
     */
    public String yaml(String service, Integer port, ClientAuth clientAuth) {
        return "tls:\n"
                + (port == null ? "" : "  port: " + port + "\n")
                + "  keyStore: \"" + keyStore(service) + "\"\n"
                + "  keyStorePassword: " + PASSWORD + "\n"
                + "  trustStore: \"" + trustStore() + "\"\n"
                + "  trustStorePassword: " + PASSWORD + "\n"
                + "  clientAuth: " + clientAuth.yamlName() + "\n";
    }

    private static String subjectText(String service) {
        return "CN=" + service + ",OU=CRS,O=Demo";
    }

    private static void requireService(String service) {
        if (!SERVICES.contains(Objects.requireNonNull(service, "service"))) {
            throw new IllegalArgumentException("no demo certificate for " + service + "; have " + SERVICES);
        }
    }

    @Override
    public String toString() {
        return "DemoCertificates[" + folder + "]";
    }
}
