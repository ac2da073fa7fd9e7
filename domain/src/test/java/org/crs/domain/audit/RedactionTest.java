package org.crs.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void secretNamesAreFoundInAnyCaseAndInsideLongerNames() {
        for (String name : List.of("password", "newPassword", "apiToken", "TOKEN", "clientSecret", "privateKey",
                "snmpCommunity", "passphrase", "credentials")) {
            assertTrue(Redaction.isSecretName(name), name);
        }
        for (String name : List.of("requestId", "bookingId", "account", "reason", "bandwidthMbps")) {
            assertFalse(Redaction.isSecretName(name), name);
        }
    }

    @Test
    void secretArgumentsAreReplacedAndTheOrderIsKept() {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("account", "alice");
        args.put("newPassword", "hunter22");
        args.put("reason", "rotation");
        Map<String, String> out = Redaction.arguments(args);
        assertEquals(List.of("account", "newPassword", "reason"), List.copyOf(out.keySet()));
        assertEquals(Redaction.REDACTED, out.get("newPassword"));
        assertEquals("alice", out.get("account"));
    }

    @Test
    void inlineSecretsInRouterCommandsAreReplaced() {
        assertEquals("snmp-server community [redacted] RW", Redaction.text("snmp-server community s3cr3t RW", List.of()));
        assertEquals("enable secret 5 [redacted]", Redaction.text("enable secret 5 $1$abc$xyz", List.of()));
        assertEquals("username ops password 0 [redacted]", Redaction.text("username ops password 0 hunter22", List.of()));
        assertEquals("interface GigabitEthernet0/1.120", Redaction.text("interface GigabitEthernet0/1.120", List.of()));
    }

    @Test
    void knownSecretsAreReplacedWhereverTheyAppear() {
        assertEquals("login as ops with [redacted] ok", Redaction.text("login as ops with hunter22 ok", List.of("hunter22")));
    }

    @Test
    void theDriversPlaceholderForASecretStaysAsItIs() {
        assertEquals("password <secret>", Redaction.text("password <secret>", List.of()));
    }
}
