package org.crs.bar.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.junit.jupiter.api.Test;

/** Who may send a message to the NSI requester port, as its service decides. */
class NsiRequesterAccessTest {

    static final String DOMAIN_C = "urn:ogf:network:domain-c.example:2026:nsa";
    static final String DOMAIN_D = "urn:ogf:network:domain-d.example:2026:nsa";
    static final String OPENNSA = "urn:ogf:network:opennsa.example:nsa";
    static final String UNKNOWN = "urn:ogf:network:nobody.example:2026:nsa";

    /** domain-c and domain-d with their certificates, OpenNSA without one. */
    final NsiRequesterAccess access = new NsiRequesterAccess(AccessTable.standard(), Map.of(
            DOMAIN_C, Optional.of("CN=nsi-domain-c"), DOMAIN_D, Optional.of("CN=nsi-domain-d"), OPENNSA, Optional.empty()));

    static Caller provider(String nsa, String subject) {
        return new Caller.NsiProvider(nsa, Optional.of(subject));
    }

    /** The refusal's code and the field it names ("" for none); "" and "" when it may send. */
    List<String> decided(Caller caller, String providerNsa) {
        Optional<Refusal> r = access.refusal(caller, "reserveConfirmed", providerNsa);
        return r.map(x -> List.of(x.code().name(), x.field())).orElse(List.of("", ""));
    }

    @Test
    void aProviderByItsCertificateSendsAsItsOwnNsa() {
        assertEquals(List.of("", ""), decided(provider(DOMAIN_C, "CN=nsi-domain-c"), DOMAIN_C));
    }

    @Test
    void aProviderByItsCertificateDoesNotSendAsAnother() {
        assertEquals(List.of(RefusalCode.NOT_ALLOWED.name(), NsiRequesterAccess.PROVIDER_NSA),
                decided(provider(DOMAIN_D, "CN=nsi-domain-d"), DOMAIN_C));
    }

    @Test
    void withoutCredentialsAProviderWithACertificateIsNotSignedIn() {
        assertEquals(List.of(RefusalCode.NOT_SIGNED_IN.name(), ""), decided(new Caller.Anonymous(), DOMAIN_C));
    }

    @Test
    void withoutCredentialsAProviderWithoutACertificateIsKnownByItsNsa() {
        assertEquals(List.of("", ""), decided(new Caller.Anonymous(), OPENNSA));
    }

    @Test
    void withoutCredentialsAnNsaNoProviderHasIsNotAllowed() {
        assertEquals(List.of(RefusalCode.NOT_ALLOWED.name(), ""), decided(new Caller.Anonymous(), UNKNOWN));
    }

    @Test
    void accountsPeersAndControllersAreNotAllowedByTheTable() {
        for (Caller caller : List.of(new Caller.Account("oscar", Role.OPERATOR, List.of()),
                new Caller.PeerBar("site-b", "CN=bar-site-b"), new Caller.Controller("nsap", "CN=nsap"))) {
            assertEquals(List.of(RefusalCode.NOT_ALLOWED.name(), ""), decided(caller, DOMAIN_C), caller.toString());
        }
    }

    @Test
    void anOperationTheRequesterPortDoesNotHaveIsNotAllowed() {
        assertEquals(RefusalCode.NOT_ALLOWED, access.refusal(provider(DOMAIN_C, "CN=nsi-domain-c"), "reserve", DOMAIN_C)
                .orElseThrow().code());
    }
}
