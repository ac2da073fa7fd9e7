package org.crs.bar.notify;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Webhook secrets and signatures: {@code X-CRS-Signature: sha256=<hex>}, the HMAC-SHA256 of the
 * body's bytes with the webhook's secret (its UTF-8 bytes) as the key.
 */
public final class Signature {

    /** The header that carries the signature. */
    public static final String HEADER = "X-CRS-Signature";
    /** The header that carries the event's name. */
    public static final String EVENT_HEADER = "X-CRS-Event";
    /** The header that carries the delivery's id (the body's deliveryId). */
    public static final String DELIVERY_HEADER = "X-CRS-Delivery";
    private static final String PREFIX = "sha256=";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Signature() {
    }

    /** A new secret: 32 random bytes, hex. */
    static String newSecret() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The header's value for a body. */
    public static String of(byte[] body, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return PREFIX + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    /** Whether a header's value is the body's signature with the secret (compared in constant time). */
    public static boolean verifies(byte[] body, String secret, String header) {
        return header != null && java.security.MessageDigest.isEqual(
                of(body, secret).getBytes(StandardCharsets.US_ASCII), header.getBytes(StandardCharsets.US_ASCII));
    }
}
