package org.crs.service.tls;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Objects;

import javax.security.auth.x500.X500Principal;

import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A small certificate authority for the demo and the tests: a self-signed CA, and leaf
 * certificates it signs for services, written as PKCS12 stores that {@link TlsSettings} names.
 * A production site issues its certificates with its own authority (docs/security.md).
 *
 * <pre>{@code
 * CertificateAuthority ca = CertificateAuthority.create("CN=CRS Demo CA,OU=CRS,O=Demo");
 * ca.writeTrustStore(dir.resolve("trust.p12"), "changeit");
 * ca.issue("CN=bar-site-a,OU=CRS,O=Demo", dir.resolve("bar-site-a.p12"), "changeit");
 * }</pre>
 *
 * <p>Keys are EC P-256 (quick to make, so a test makes its own), signatures SHA256withECDSA.
 * A leaf certificate is for {@code localhost} and {@code 127.0.0.1} (SubjectAltName DNS and IP,
 * so hostname verification passes on this machine), for both server and client authentication
 * (extended key usage), valid for {@link #LEAF_VALIDITY} from an hour ago; the CA's own for
 * {@link #CA_VALIDITY}.
 */
public final class CertificateAuthority {

    /** How long the CA's certificate is valid. */
    public static final Duration CA_VALIDITY = Duration.ofDays(3650);
    /** How long a service's certificate is valid. */
    public static final Duration LEAF_VALIDITY = Duration.ofDays(825);
    /** The alias of the key entry in the stores written here. */
    public static final String KEY_ALIAS = "key";
    /** The alias of the CA's certificate in a trust store written here. */
    public static final String CA_ALIAS = "ca";
    /** The names every leaf certificate is for. */
    public static final List<String> LEAF_HOSTS = List.of("localhost", "127.0.0.1");

    private static final String SIGNATURE = "SHA256withECDSA";
    // Certificates made for a moment ago pass on a machine whose clock is a little behind.
    private static final Duration BACKDATE = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyPair keys;
    private final X509Certificate certificate;
    private final Clock clock;

    private CertificateAuthority(KeyPair keys, X509Certificate certificate, Clock clock) {
        this.keys = keys;
        this.certificate = certificate;
        this.clock = clock;
    }

    /** A new CA with a self-signed certificate for {@code subject} ({@code CN=CRS Demo CA,OU=CRS,O=Demo}). */
    public static CertificateAuthority create(String subject) {
        return create(subject, Clock.systemUTC());
    }

    /** As {@link #create(String)}, on {@code clock}. */
    public static CertificateAuthority create(String subject, Clock clock) {
        KeyPair keys = newKeyPair();
        X500Principal name = new X500Principal(subject);
        try {
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            Instant now = clock.instant();
            X509v3CertificateBuilder b = builder(name, name, keys.getPublic(), now, CA_VALIDITY)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(keys.getPublic()));
            return new CertificateAuthority(keys, sign(b, keys.getPrivate()), clock);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("could not make the CA's certificate", e);
        }
    }

    /**
     * The CA kept in {@code keyStore} by {@link #writeKeyStore}.
     *
     * @throws IllegalArgumentException when the file cannot be read or holds no key
     */
    public static CertificateAuthority load(Path keyStore, String password) {
        KeyStore store = TlsContexts.load(keyStore, password, "CA keyStore");
        try {
            PrivateKey key = (PrivateKey) store.getKey(KEY_ALIAS, password.toCharArray());
            X509Certificate cert = (X509Certificate) store.getCertificate(KEY_ALIAS);
            if (key == null || cert == null) {
                throw new IllegalArgumentException("CA keyStore: " + keyStore + " holds no entry " + KEY_ALIAS);
            }
            return new CertificateAuthority(new KeyPair(cert.getPublicKey(), key), cert, Clock.systemUTC());
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("CA keyStore: " + keyStore + ": its key cannot be read", e);
        }
    }

    /** The CA's own certificate. */
    public X509Certificate certificate() {
        return certificate;
    }

    /** Writes the CA's key and certificate, to issue more certificates later ({@link #load}). */
    public void writeKeyStore(Path file, String password) {
        KeyStore store = emptyStore();
        try {
            store.setKeyEntry(KEY_ALIAS, keys.getPrivate(), password.toCharArray(), new Certificate[] {certificate});
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        write(store, file, password);
    }

    /** Writes a trust store holding the CA's certificate. */
    public void writeTrustStore(Path file, String password) {
        KeyStore store = emptyStore();
        try {
            store.setCertificateEntry(CA_ALIAS, certificate);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        write(store, file, password);
    }

    /**
     * Issues a certificate for {@code subject} and writes it, its chain and its new key as a
     * PKCS12 key store (entry {@link #KEY_ALIAS}, the key protected by the same password).
     *
     * @param subject {@code CN=bar-site-a,OU=CRS,O=Demo}
     * @return the certificate issued
     */
    public X509Certificate issue(String subject, Path keyStore, String password) {
        KeyPair leaf = newKeyPair();
        X509Certificate cert;
        try {
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            GeneralName[] names = LEAF_HOSTS.stream()
                    .map(h -> isAddress(h) ? new GeneralName(GeneralName.iPAddress, h) : new GeneralName(GeneralName.dNSName, h))
                    .toArray(GeneralName[]::new);
            X509v3CertificateBuilder b = builder(certificate.getSubjectX500Principal(), new X500Principal(subject),
                    leaf.getPublic(), clock.instant(), LEAF_VALIDITY)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement))
                    .addExtension(Extension.extendedKeyUsage, false,
                            new ExtendedKeyUsage(new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names))
                    .addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(leaf.getPublic()))
                    .addExtension(Extension.authorityKeyIdentifier, false, ext.createAuthorityKeyIdentifier(certificate));
            cert = sign(b, keys.getPrivate());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("could not issue a certificate for " + subject, e);
        }
        KeyStore store = emptyStore();
        try {
            store.setKeyEntry(KEY_ALIAS, leaf.getPrivate(), password.toCharArray(), new Certificate[] {cert, certificate});
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        write(store, keyStore, password);
        return cert;
    }

    private static X509v3CertificateBuilder builder(X500Principal issuer, X500Principal subject, PublicKey key, Instant now,
                                                    Duration validity) {
        return new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, RANDOM).add(BigInteger.ONE),
                Date.from(now.minus(BACKDATE)), Date.from(now.plus(validity)), subject, key);
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key) throws GeneralSecurityException {
        try {
            ContentSigner signer = new JcaContentSignerBuilder(SIGNATURE).build(key);
            return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no EC P-256 keys in this JVM", e);
        }
    }

    private static boolean isAddress(String host) {
        return host.matches("[0-9.]+") || host.contains(":"); // a literal IPv4 or IPv6 address
    }

    private static KeyStore emptyStore() {
        try {
            KeyStore store = KeyStore.getInstance(TlsSettings.STORE_TYPE);
            store.load(null, null);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("no PKCS12 key stores in this JVM", e);
        }
    }

    private static void write(KeyStore store, Path file, String password) {
        Objects.requireNonNull(password, "password");
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            try (OutputStream out = Files.newOutputStream(partial)) {
                store.store(out, password.toCharArray());
            }
            // Whole or not at all: a demo stopped while writing does not leave half a store to reuse.
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not write " + file, e);
        }
    }

    @Override
    public String toString() {
        return "CertificateAuthority[" + certificate.getSubjectX500Principal() + "]";
    }
}
