package org.crs.demo;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Collections;
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
 * <p>domain-c, the demo's second CRS domain ({@link NsiDomain}), has a CA of its own: its
 * certificates are in the sub-folder {@code domain-c} ({@link #domainC()}), with the subjects
 * {@code CN=<service>,OU=CRS,O=Domain C}. The two domains trust each other only where NSI needs
 * it: site-a's BAR calls domain-c's provider trusting domain-c's CA alone (that folder's
 * {@code trust.p12}), and domain-c's BAR trusts site-a's CA beside its own
 * ({@code trust-bar-domain-c.p12}), to take site-a's BAR's certificate on its provider port and
 * to call site-a's requester port back over TLS.
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
    /** The services of domain-c, the demo's second CRS domain, which get certificates of its own CA. */
    public static final List<String> DOMAIN_C_SERVICES = List.of("bar-domain-c", "lnsap-domain-c");
    /** The subject of domain-c's CA. */
    public static final String DOMAIN_C_CA_SUBJECT = "CN=CRS Domain C CA,OU=CRS,O=Domain C";
    /** The folder of domain-c's certificates, beside the federation's stores. */
    public static final String DOMAIN_C_FOLDER = "domain-c";
    /** The trust store of domain-c's BAR: domain-c's CA and the federation's. */
    public static final String DOMAIN_C_BAR_TRUST = "trust-bar-domain-c.p12";

    /** Who a folder's certificates are for: the CA's subject, the services, and their subjects' organisation. */
    private record Authority(String caSubject, List<String> services, String organisation) {
    }

    private static final Authority FEDERATION = new Authority(CA_SUBJECT, SERVICES, "Demo");
    private static final Authority DOMAIN_C = new Authority(DOMAIN_C_CA_SUBJECT, DOMAIN_C_SERVICES, "Domain C");

    private static final String CA_FILE = "ca.p12";
    private static final String TRUST_FILE = "trust.p12";
    /** Marks a folder whose stores are quick to open ({@link #quickStoresInThisProcess}). */
    private static final String QUICK_MARK = "quick-stores";

    private static DemoCertificates temporary;

    private final Path folder;
    private final Authority authority;

    private DemoCertificates(Path folder, Authority authority) {
        this.folder = folder;
        this.authority = authority;
    }

    /**
     * Makes (or finds) the demo's certificates in a folder, for services run standalone from
     * {@code deploy/config}: {@code DemoCertificates [FOLDER]}, by default
     * {@code target/crs-demo/certificates}, where the demo keeps its own.
     */
    public static void main(String[] args) {
        DemoCertificates certificates = inFolder(Path.of(args.length > 0 ? args[0] : "target/crs-demo/certificates"));
        DemoCertificates domainC = certificates.domainC();
        System.out.println("Certificates of " + SERVICES + " and their CA in " + certificates.folder() + ", of "
                + DOMAIN_C_SERVICES + " and theirs in " + domainC.folder() + " (password " + PASSWORD + ")");
    }

    /**
     * Makes the PKCS12 stores this JVM writes from now on quick to open: one PBKDF2 iteration for
     * their integrity check and their keys rather than the JDK's 10,000
     * ({@code keystore.pkcs12.macIterationCount}, {@code keyPbeIterationCount},
     * {@code certPbeIterationCount}). The iterations make guessing a store's password dear; the
     * demo's password is {@link #PASSWORD}, printed, so they protect nothing here, and they cost
     * the demo 1.5 to 2 CPU seconds at every start (each service's stores are opened several
     * times: by its own client, by Tomcat, and Tomcat's copy of its key). For the demo's own
     * process only ({@link Demo}, {@link ClassArchiveTraining}): a store of a real site comes from
     * its own authority, with its default protection. Call it before any store is written.
     */
    public static void quickStoresInThisProcess() {
        for (String key : List.of("keystore.pkcs12.macIterationCount", "keystore.pkcs12.keyPbeIterationCount",
                "keystore.pkcs12.certPbeIterationCount")) {
            System.setProperty(key, "1");
        }
    }

    /** The certificates in {@code folder}, made there when missing. */
    public static DemoCertificates inFolder(Path folder) {
        return inFolder(folder, FEDERATION);
    }

    /**
     * domain-c's certificates, made when missing in this folder's sub-folder {@code domain-c}:
     * its own CA, its services' stores, and its BAR's trust store of both CAs
     * ({@link #DOMAIN_C_BAR_TRUST}), written again each time, so that it follows this folder's CA.
     */
    public DemoCertificates domainC() {
        if (authority != FEDERATION) {
            throw new IllegalStateException("domain-c's certificates are beside the federation's, not " + folder);
        }
        DemoCertificates domainC = inFolder(folder.resolve(DOMAIN_C_FOLDER), DOMAIN_C);
        try {
            KeyStore both = KeyStore.getInstance(TlsSettings.STORE_TYPE);
            both.load(null, null);
            both.setCertificateEntry("domain-c-ca", CertificateAuthority.load(domainC.folder.resolve(CA_FILE), PASSWORD)
                    .certificate());
            both.setCertificateEntry("federation-ca", CertificateAuthority.load(folder.resolve(CA_FILE), PASSWORD)
                    .certificate());
            Path partial = domainC.folder.resolve(DOMAIN_C_BAR_TRUST + ".partial");
            try (OutputStream out = Files.newOutputStream(partial)) {
                both.store(out, PASSWORD.toCharArray());
            }
            Files.move(partial, domainC.folder.resolve(DOMAIN_C_BAR_TRUST), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + DOMAIN_C_BAR_TRUST + " in " + domainC.folder, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not write " + DOMAIN_C_BAR_TRUST + " in " + domainC.folder, e);
        }
        return domainC;
    }

    private static synchronized DemoCertificates inFolder(Path folder, Authority authority) {
        Path dir = folder.toAbsolutePath().normalize();
        CertificateAuthority ca;
        if (Files.isRegularFile(dir.resolve(CA_FILE)) && Files.isRegularFile(dir.resolve(TRUST_FILE))) {
            ca = CertificateAuthority.load(dir.resolve(CA_FILE), PASSWORD);
        } else {
            ca = CertificateAuthority.create(authority.caSubject());
            ca.writeKeyStore(dir.resolve(CA_FILE), PASSWORD);
            ca.writeTrustStore(dir.resolve(TRUST_FILE), PASSWORD);
            for (String service : authority.services()) {
                try {
                    // Certificates of an earlier CA would no longer be trusted.
                    Files.deleteIfExists(dir.resolve(service + ".p12"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        for (String service : authority.services()) {
            if (!Files.isRegularFile(dir.resolve(service + ".p12"))) {
                ca.issue(subjectText(service, authority), dir.resolve(service + ".p12"), PASSWORD);
            }
        }
        if (quickStores() && !Files.isRegularFile(dir.resolve(QUICK_MARK))) {
            rewriteQuick(dir, authority);
        }
        return new DemoCertificates(dir, authority);
    }

    private static boolean quickStores() {
        return "1".equals(System.getProperty("keystore.pkcs12.macIterationCount"));
    }

    /**
     * Writes the folder's stores again, with the same keys and certificates, under this process's
     * protection ({@link #quickStoresInThisProcess}), and marks the folder done: a folder made
     * before the demo made quick stores would otherwise open slowly at every start.
     */
    private static void rewriteQuick(Path dir, Authority authority) {
        List<String> files = new ArrayList<>(List.of(CA_FILE, TRUST_FILE));
        authority.services().forEach(service -> files.add(service + ".p12"));
        char[] password = PASSWORD.toCharArray();
        try {
            for (String file : files) {
                KeyStore old = TlsContexts.load(dir.resolve(file), PASSWORD, file);
                KeyStore quick = KeyStore.getInstance(TlsSettings.STORE_TYPE);
                quick.load(null, null);
                for (String alias : Collections.list(old.aliases())) {
                    if (old.isKeyEntry(alias)) {
                        quick.setKeyEntry(alias, old.getKey(alias, password), password, old.getCertificateChain(alias));
                    } else {
                        quick.setCertificateEntry(alias, old.getCertificate(alias));
                    }
                }
                Path partial = dir.resolve(file + ".partial");
                try (OutputStream out = Files.newOutputStream(partial)) {
                    quick.store(out, password);
                }
                Files.move(partial, dir.resolve(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            Files.writeString(dir.resolve(QUICK_MARK), "The stores here open with one PBKDF2 iteration"
                    + " (DemoCertificates.quickStoresInThisProcess).\n");
        } catch (IOException e) {
            throw new UncheckedIOException("could not rewrite the stores in " + dir, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not rewrite the stores in " + dir, e);
        }
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

    /** The subject of a service's certificate: {@code CN=<service>,OU=CRS,O=Demo} ({@code O=Domain C} in domain-c). */
    public X500Principal subject(String service) {
        requireService(service);
        return new X500Principal(subjectText(service, authority));
    }

    /**
     * The trust store a service uses: the folder's, but for domain-c's BAR, which trusts the
     * federation's CA too ({@link #DOMAIN_C_BAR_TRUST}).
     */
    public Path trustStore(String service) {
        requireService(service);
        return service.equals("bar-domain-c") ? folder.resolve(DOMAIN_C_BAR_TRUST) : trustStore();
    }

    /** A service's stores, asking its callers for certificates as {@code clientAuth} says. */
    public TlsSettings settings(String service, ClientAuth clientAuth) {
        return new TlsSettings(keyStore(service), PASSWORD, trustStore(service), PASSWORD, clientAuth);
    }

    /**
     * What a service of this folder calls another domain's services with: its certificate, and
     * the other domain's CA alone ({@code other}'s trust store).
     */
    public SSLContext clientTowards(String service, DemoCertificates other) {
        return TlsContexts.client(new TlsSettings(keyStore(service), PASSWORD, other.trustStore(), PASSWORD,
                ClientAuth.NONE));
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
                + "  trustStore: \"" + trustStore(service) + "\"\n"
                + "  trustStorePassword: " + PASSWORD + "\n"
                + "  clientAuth: " + clientAuth.yamlName() + "\n";
    }

    /**
     * A certificate of the demo's authority for a party that is none of the demo's services (an NSI
     * requester or a far network's provider in tests), written to {@code folder}: what that party
     * calls with, trusting the demo's authority.
     */
    public SSLContext issueClient(String subject, Path folder) {
        Path store = folder.resolve(new X500Principal(subject).getName().replaceAll("[^A-Za-z0-9-]", "_") + ".p12");
        CertificateAuthority.load(folder().resolve(CA_FILE), PASSWORD).issue(subject, store, PASSWORD);
        return TlsContexts.client(new TlsSettings(store, PASSWORD, trustStore(), PASSWORD, ClientAuth.NONE));
    }

    private static String subjectText(String service, Authority authority) {
        return "CN=" + service + ",OU=CRS,O=" + authority.organisation();
    }

    private void requireService(String service) {
        if (!authority.services().contains(Objects.requireNonNull(service, "service"))) {
            throw new IllegalArgumentException("no demo certificate for " + service + " in " + folder + "; have "
                    + authority.services());
        }
    }

    @Override
    public String toString() {
        return "DemoCertificates[" + folder + "]";
    }
}
