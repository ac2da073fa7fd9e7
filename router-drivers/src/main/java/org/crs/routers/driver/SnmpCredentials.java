package org.crs.routers.driver;

/**
 * SNMP credentials: a v2c community, or a v3 user with SHA-256 authentication and AES-128
 * privacy. Secrets stay out of {@link #toString()}.
 *
 * @param version 2 for SNMPv2c, 3 for SNMPv3 (authPriv)
 * @param community the v2c write community (version 2 only)
 * @param user the v3 security name (version 3 only)
 * @param authPassword the v3 SHA-256 authentication passphrase
 * @param privPassword the v3 AES-128 privacy passphrase
 */
public record SnmpCredentials(int version, String community, String user, String authPassword,
                              String privPassword) {

    public SnmpCredentials {
        if (version != 2 && version != 3) {
            throw new IllegalArgumentException("SNMP version must be 2 (v2c) or 3, was " + version);
        }
    }

    public static SnmpCredentials v2c(String community) {
        return new SnmpCredentials(2, community, null, null, null);
    }

    public static SnmpCredentials v3(String user, String authPassword, String privPassword) {
        return new SnmpCredentials(3, null, user, authPassword, privPassword);
    }

    @Override
    public String toString() {
        return version == 2 ? "SNMPv2c" : "SNMPv3 user " + user;
    }
}
