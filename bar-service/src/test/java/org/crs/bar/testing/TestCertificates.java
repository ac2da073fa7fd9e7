package org.crs.bar.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.net.ssl.SSLContext;
import javax.security.auth.x500.X500Principal;

import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

/**
 * A certificate authority of a test's own, in a temporary folder, and certificates it issues
 * ({@code CN=<name>,OU=CRS,O=Test}): for a BAR served over TLS and the peers, L-NSAPs and
 * NSAPs that call it.
 */
public final class TestCertificates {

    public static final String PASSWORD = "crs-test-tls";

    private final Path folder;
    private final CertificateAuthority ca;

    private TestCertificates(Path folder, CertificateAuthority ca) {
        this.folder = folder;
        this.ca = ca;
    }

    /** A new authority, named {@code name}. */
    public static TestCertificates authority(String name) {
        try {
            Path folder = Files.createTempDirectory("crs-test-certificates-");
            CertificateAuthority ca = CertificateAuthority.create("CN=" + name + ",OU=CRS,O=Test");
            ca.writeTrustStore(folder.resolve("trust.p12"), PASSWORD);
            return new TestCertificates(folder, ca);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The subject of {@code name}'s certificate. */
    public X500Principal subject(String name) {
        return new X500Principal("CN=" + name + ",OU=CRS,O=Test");
    }

    /** {@code name}'s stores (its certificate issued on first use). */
    public TlsSettings settings(String name, ClientAuth clientAuth) {
        Path keys = folder.resolve(name + ".p12");
        if (!Files.isRegularFile(keys)) {
            ca.issue(subject(name).getName(), keys, PASSWORD);
        }
        return new TlsSettings(keys, PASSWORD, folder.resolve("trust.p12"), PASSWORD, clientAuth);
    }

    /** What {@code name} calls over TLS with: its certificate, this authority trusted. */
    public SSLContext client(String name) {
        return TlsContexts.client(settings(name, ClientAuth.NONE));
    }

    /** An HTTP client presenting {@code name}'s certificate. */
    public HttpClient http(String name) {
        SSLContext tls = client(name);
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls)
                .sslParameters(TlsContexts.parameters(tls)).build();
    }
}
