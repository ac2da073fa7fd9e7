package org.crs.bar.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Random tokens and their SHA-256, for API tokens. */
public final class Secrets {

    /** What every API token starts with, so that a leaked one is recognised by scanners. */
    public static final String TOKEN_PREFIX = "crs_";

    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    /** A new API token: the prefix and 32 random bytes, URL-safe Base64. */
    public static String newToken() {
        return TOKEN_PREFIX + random(32);
    }

    /** A short random id (12 hex digits). */
    public static String newId() {
        byte[] bytes = new byte[6];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** {@code n} random bytes as URL-safe Base64 without padding. */
    public static String random(int n) {
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** SHA-256 of the text, as 64 hex digits. */
    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
