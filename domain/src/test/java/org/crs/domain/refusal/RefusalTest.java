package org.crs.domain.refusal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RefusalTest {

    @Test
    void theCodesAreTheContractsNine() {
        assertEquals(List.of("NO_CAPACITY", "NO_PATH", "MAINTENANCE", "VLAN_UNAVAILABLE", "HOST_PORT_BUSY", "BAD_FIELD",
                "TIMEOUT", "PROVIDER_SILENT", "POLICY", "NOT_SIGNED_IN", "NOT_ALLOWED", "THROTTLED", "QUOTA_EXCEEDED",
                "STORE_UNAVAILABLE", "ACTIVATION_TOO_EARLY", "FAR_NETWORK_REFUSED"), List.of(RefusalCode.values()).stream().map(Enum::name).toList());
    }

    @Test
    void aCodeIsReadByItsNameAndAnUnknownOrMissingNameReadsAsNone() {
        assertEquals(Optional.of(RefusalCode.HOST_PORT_BUSY), RefusalCode.named(" HOST_PORT_BUSY "));
        assertEquals(Optional.empty(), RefusalCode.named("SOLAR_FLARE"));
        assertEquals(Optional.empty(), RefusalCode.named(""));
        assertEquals(Optional.empty(), RefusalCode.named(null));
    }

    @Test
    void theSubjectIsAFieldOrAResourceAsTheCodeSays() {
        Refusal field = Refusal.badField("end", "is missing");
        assertEquals("end", field.field());
        assertEquals("", field.resource());
        Refusal resource = new Refusal(RefusalCode.NO_CAPACITY, "link a-b", "full");
        assertEquals("", resource.field());
        assertEquals("link a-b", resource.resource());
        Refusal provider = new Refusal(RefusalCode.TIMEOUT, "nsap", "no answer");
        assertEquals("", provider.field());
        assertEquals("", provider.resource());
    }

    @Test
    void aMissingSubjectIsEmptyAndACodeIsRequired() {
        assertEquals("", new Refusal(RefusalCode.POLICY, null, "not now").subject());
        assertThrows(NullPointerException.class, () -> new Refusal(null, "x", "y"));
    }
}
