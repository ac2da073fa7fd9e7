package org.crs.nsi.contract.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import javax.net.ssl.SSLContext;
import javax.xml.parsers.DocumentBuilderFactory;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.NsiOperation;
import org.crs.nsi.contract.NsiSamples;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;
import org.crs.service.soap.client.SoapCallException;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** The client against a real HTTP server on 127.0.0.1 that reads what it sends and answers as an NSA would. */
class NsiClientTest {

    private static final Duration DEADLINE = Duration.ofSeconds(5);

    private NsiPeer peer;

    @BeforeEach
    void startPeer() throws Exception {
        peer = NsiPeer.http();
        peer.answer(NsiClientTest::acknowledge);
    }

    @AfterEach
    void stopPeer() {
        peer.close();
    }

    /** As a provider answers: the request read, an acknowledgment (or reserveResponse) with its header. */
    private static NsiPeer.Answer acknowledge(NsiPeer.Received r) {
        try {
            NsiEnvelope request = NsiXml.read(r.body());
            NsiHeader header = request.header().orElseThrow().acknowledging();
            boolean reserve = NsiOperation.fromSoapAction(r.soapAction()).orElseThrow() == NsiOperation.RESERVE;
            return NsiPeer.Answer.xml(200, NsiXml.write(header, reserve ? new ReserveResponse("site-a-1")
                    : new Acknowledgment()));
        } catch (NsiPayloadException e) {
            return NsiPeer.Answer.xml(500, "<not-soap/>");
        }
    }

    @Test
    void theSoapActionIsSentQuoted() throws Exception {
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            client.send(NsiSamples.requestHeader(), new Provision("c-1"));
        }

        assertEquals("\"http://schemas.ogf.org/nsi/2013/12/connection/service/provision\"",
                peer.received().get(0).soapAction());
    }

    @Test
    void theContentTypeIsUtf8TextXml() throws Exception {
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            client.send(NsiSamples.requestHeader(), new Provision("c-1"));
        }

        assertEquals("text/xml; charset=utf-8", peer.received().get(0).contentType());
    }

    @Test
    void theEnvelopeCarriesExactlyOneHeaderBlockTheNsiHeader() throws Exception {
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            client.send(NsiSamples.requestHeader(), NsiSamples.reserve());
        }

        Element envelope = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(peer.received().get(0).body().getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement();
        Element soapHeader = (Element) envelope.getElementsByTagNameNS("http://schemas.xmlsoap.org/soap/envelope/",
                "Header").item(0);
        List<Element> blocks = new java.util.ArrayList<>();
        for (Node n = soapHeader.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                blocks.add((Element) n);
            }
        }
        assertEquals(1, blocks.size());
        assertEquals("nsiHeader", blocks.get(0).getLocalName());
    }

    @Test
    void sendsToOnePeerShareOneKeptAliveConnection() throws Exception {
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            client.send(NsiSamples.requestHeader(), new Provision("c-1"));
            client.send(NsiSamples.requestHeader(), new Provision("c-2"));
        }

        assertEquals(peer.received().get(0).clientPort(), peer.received().get(1).clientPort());
    }

    @Test
    void anAcknowledgmentIsReadWithItsHeader() throws Exception {
        NsiHeader sent = NsiSamples.requestHeader();
        NsiReply reply;
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            reply = client.send(sent, new Provision("c-1"));
        }

        assertEquals(new Acknowledgment(), reply.answer());
        assertEquals(Optional.of(sent.acknowledging()), reply.header());
    }

    @Test
    void aReserveIsAnsweredWithItsConnectionId() throws Exception {
        NsiReply reply;
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            reply = client.send(NsiSamples.requestHeader(), NsiSamples.reserve());
        }

        assertEquals(new ReserveResponse("site-a-1"), reply.answer());
    }

    @Test
    void aFaultBecomesAnNsiFaultExceptionWithItsErrorId() throws Exception {
        peer.answer(r -> NsiPeer.Answer.xml(500, openNsaFault("00704")));

        NsiFaultException e;
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            e = assertThrows(NsiFaultException.class, () -> client.send(NsiSamples.requestHeader(),
                    NsiSamples.reserve()));
        }

        assertEquals(NsiErrorId.STP_UNAVAILABLE, e.errorId());
        assertEquals("00704", e.fault().serviceException().orElseThrow().errorCode());
    }

    @Test
    void anAnswerOfAnotherKindThanTheOperationsIsUnreadable() throws Exception {
        peer.answer(r -> NsiPeer.Answer.xml(200, NsiXml.write(NsiSamples.callbackHeader(), new Acknowledgment())));

        SoapCallException e;
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            e = assertThrows(SoapCallException.class, () -> client.send(NsiSamples.requestHeader(),
                    NsiSamples.reserve()));
        }

        assertEquals(SoapCallException.Kind.UNREADABLE, e.kind());
    }

    @Test
    void anHttpErrorWithoutAnEnvelopeIsUnreadable() throws Exception {
        peer.answer(r -> new NsiPeer.Answer(406, "text/plain", "Not Acceptable"));

        SoapCallException e;
        try (NsiClient client = new NsiClient(peer.endpoint(), DEADLINE, null)) {
            e = assertThrows(SoapCallException.class, () -> client.send(NsiSamples.requestHeader(), new Provision("c")));
        }

        assertEquals(SoapCallException.Kind.UNREADABLE, e.kind());
    }

    @Test
    void noAnswerBeforeTheDeadlineIsATimeout() throws Exception {
        peer.answer(r -> {
            try {
                Thread.sleep(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return acknowledge(r);
        });

        long began = System.nanoTime();
        SoapCallException e;
        try (NsiClient client = new NsiClient(peer.endpoint(), Duration.ofMillis(300), null)) {
            e = assertThrows(SoapCallException.class, () -> client.send(NsiSamples.requestHeader(), new Provision("c")));
        }
        long tookMs = (System.nanoTime() - began) / 1_000_000;

        assertEquals(SoapCallException.Kind.TIMEOUT, e.kind());
        assertTrue(tookMs < 2000, "the deadline ends the call, took " + tookMs + " ms");
    }

    @Test
    void noPeerIsNoConnection() throws Exception {
        java.net.URI gone = peer.endpoint();
        peer.close();

        SoapCallException e;
        try (NsiClient client = new NsiClient(gone, DEADLINE, null)) {
            e = assertThrows(SoapCallException.class, () -> client.send(NsiSamples.requestHeader(), new Provision("c")));
        }

        assertEquals(SoapCallException.Kind.NO_CONNECTION, e.kind());
    }

    @Test
    void anHttpsPeerIsCalledWithTheClientCertificate(@TempDir Path dir) throws Exception {
        CertificateAuthority ca = CertificateAuthority.create("CN=NSI Test CA,OU=CRS,O=Test");
        ca.writeTrustStore(dir.resolve("trust.p12"), "changeit");
        ca.issue("CN=opennsa-peer,OU=CRS,O=Test", dir.resolve("peer.p12"), "changeit");
        ca.issue("CN=bar-site-a,OU=CRS,O=Test", dir.resolve("bar.p12"), "changeit");
        SSLContext peerTls = TlsContexts.client(new TlsSettings(dir.resolve("peer.p12"), "changeit",
                dir.resolve("trust.p12"), "changeit", ClientAuth.REQUIRED));
        SSLContext barTls = TlsContexts.client(new TlsSettings(dir.resolve("bar.p12"), "changeit",
                dir.resolve("trust.p12"), "changeit", ClientAuth.REQUIRED));

        try (NsiPeer https = NsiPeer.https(peerTls)) {
            https.answer(NsiClientTest::acknowledge);
            NsiReply reply;
            try (NsiClient client = new NsiClient(https.endpoint(), DEADLINE, barTls)) {
                reply = client.send(NsiSamples.requestHeader(), new Provision("c-1"));
            }

            assertInstanceOf(Acknowledgment.class, reply.answer());
            assertEquals("CN=bar-site-a,OU=CRS,O=Test", https.received().get(0).clientCertificate());
            assertEquals("\"http://schemas.ogf.org/nsi/2013/12/connection/service/provision\"",
                    https.received().get(0).soapAction());
        }
    }

    /** A fault as OpenNSA writes it: detail in the framework types namespace, no header. */
    private static String openNsaFault(String errorId) {
        return "<?xml version='1.0' encoding='UTF-8'?>"
                + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><soap:Fault>"
                + "<faultcode>soap:Server</faultcode><faultstring>STP unavailable</faultstring><detail>"
                + "<ns0:serviceException xmlns:ns0=\"http://schemas.ogf.org/nsi/2013/12/framework/types\">"
                + "<nsaId>urn:ogf:network:domain-c.crs.example:nsa</nsaId><errorId>" + errorId + "</errorId>"
                + "<text>STP unavailable</text></ns0:serviceException></detail></soap:Fault></soap:Body>"
                + "</soap:Envelope>";
    }
}
