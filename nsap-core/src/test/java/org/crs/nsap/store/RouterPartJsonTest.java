package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.crs.nsap.segment.RouterPart;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Router parts as plans store them: JSON with a "kind" (the store keeps plans so). */
class RouterPartJsonTest {

    private final ObjectMapper json = RouterPartJson.MAPPER;

    @Test
    void partsStoredBeforeHostPairsExistedStillRead() throws Exception {
        String stored = "[{\"kind\":\"vlan\",\"router\":\"edge-a\",\"vlan\":1000,\"hostPort\":\"GigabitEthernet1/1\","
                + "\"trunkPort\":\"TenGigabitEthernet2/1\"},{\"kind\":\"pseudowire\",\"router\":\"core-1\",\"vlan\":1000,"
                + "\"accessInterface\":\"GigabitEthernet3/0\",\"peerLoopback\":\"10.0.0.2\",\"explicitPath\":[\"10.0.0.2\"]}]";

        List<RouterPart> parts = json.readValue(stored, new TypeReference<List<RouterPart>>() { });

        assertEquals(List.of(new RouterPart.Vlan("edge-a", 1000, "GigabitEthernet1/1", "TenGigabitEthernet2/1"),
                new RouterPart.Pseudowire("core-1", 1000, "GigabitEthernet3/0", "10.0.0.2", List.of("10.0.0.2"))), parts);
    }

    @Test
    void hostPairIsWrittenAsKindHostPairAndReadBack() throws Exception {
        RouterPart pair = new RouterPart.HostPair("edge-a", 1000, "GigabitEthernet1/1", "GigabitEthernet1/2");

        String text = json.writeValueAsString(pair);

        assertEquals("{\"kind\":\"host-pair\",\"router\":\"edge-a\",\"vlan\":1000,\"hostPortA\":\"GigabitEthernet1/1\","
                + "\"hostPortB\":\"GigabitEthernet1/2\"}", text);
        assertEquals(pair, json.readValue(text, RouterPart.class));
    }
}
