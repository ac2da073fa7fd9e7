package org.crs.bar.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Passwords hashed with Argon2id (Bouncy Castle), stored in the PHC string format
 * {@code $argon2id$v=19$m=19456,t=2,p=1$SALT$HASH} so that the parameters can be raised later
 * and old hashes still verify. The parameters are OWASP's minimum for Argon2id.
 */
public final class PasswordHashing {

    private static final int MEMORY_KIB = 19_456;
    private static final int ITERATIONS = 2;
    private static final int PARALLELISM = 1;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();

    private PasswordHashing() {
    }

    /** A new hash of {@code password} with a fresh salt. */
    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] hash = argon2(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$" + B64.encodeToString(salt)
                + "$" + B64.encodeToString(hash);
    }

    /** Whether {@code password} is the one {@code stored} was made from; false for a string that is no Argon2id hash. */
    public static boolean verify(String password, String stored) {
        String[] parts = stored.split("\\$");
        // "", "argon2id", "v=19", "m=..,t=..,p=..", salt, hash
        if (parts.length != 6 || !parts[1].equals("argon2id") || !parts[2].equals("v=19")) {
            return false;
        }
        int m = 0;
        int t = 0;
        int p = 0;
        for (String kv : parts[3].split(",")) {
            String[] pair = kv.split("=", 2);
            if (pair.length != 2) {
                return false;
            }
            int value;
            try {
                value = Integer.parseInt(pair[1]);
            } catch (NumberFormatException e) {
                return false; // a malformed stored hash matches no password
            }
            switch (pair[0]) {
                case "m" -> m = value;
                case "t" -> t = value;
                case "p" -> p = value;
                default -> {
                    return false;
                }
            }
        }
        if (m <= 0 || t <= 0 || p <= 0) {
            return false;
        }
        byte[] salt = B64D.decode(parts[4]);
        byte[] expected = B64D.decode(parts[5]);
        byte[] actual = argon2(password, salt, m, t, p, expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] argon2(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib)
                .withIterations(iterations)
                .withParallelism(parallelism)
                .withSalt(salt)
                .build());
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
