package org.crs.routers.emulator.snmp;

import java.util.List;

/**
 * Who may talk SNMP to an emulated router.
 *
 * @param readCommunity SNMPv2c community with read access
 * @param writeCommunity SNMPv2c community with read-write access
 * @param v3Users SNMPv3 users (SHA-256 authentication, AES-128 privacy), read-write
 */
public record SnmpSettings(String readCommunity, String writeCommunity, List<V3User> v3Users) {

    public SnmpSettings {
        v3Users = v3Users == null ? List.of() : List.copyOf(v3Users);
    }

    /** An SNMPv3 user with authPriv security. */
    public record V3User(String name, String authPassword, String privPassword) {
        @Override
        public String toString() {
            return "V3User[" + name + "]";
        }
    }

    @Override
    public String toString() {
        return "SnmpSettings[" + v3Users.size() + " v3 users]";
    }
}
