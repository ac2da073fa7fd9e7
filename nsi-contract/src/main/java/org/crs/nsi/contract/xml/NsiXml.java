package org.crs.nsi.contract.xml;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.crs.nsi.contract.NsiNamespaces;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;

/**
 * NSI CS 2.0 messages in SOAP 1.1 envelopes, both ways.
 *
 * <p>Written: exactly one header block, the {@code nsiHeader} (no WS-Addressing or WS-Security,
 * which OpenNSA refuses); the body's element qualified in the connection types namespace and
 * every child unqualified, as the schema (no {@code elementFormDefault}) has it; dateTimes in
 * UTC with {@code Z}. A fault is SOAP 1.1's {@code Client} or {@code Server} fault with the
 * connection types' {@code serviceException} in its detail.
 *
 * <p>Read: strictly what matters (a SOAP 1.1 envelope, at most one {@code nsiHeader}, one body
 * element of the connection types namespace, every required element, dateTimes with a zone,
 * STP ids and labels, states) and leniently where peers are known to deviate: children
 * qualified or not, a fault's {@code serviceException} in either namespace or inside
 * {@code error}, criteria version 0, {@code ReserveComitting}, any serviceType, unknown
 * extra elements passed over. What cannot be read is a {@link NsiPayloadException} with the NSI
 * error id and the element.
 */
public final class NsiXml {

    private NsiXml() {
    }

    /** The envelope of {@code message} with {@code header}. */
    public static String write(NsiHeader header, NsiMessage message) {
        XmlOut out = envelope(Optional.of(header));
        MessageWriter.write(out, message);
        return close(out);
    }

    /**
     * The envelope of {@code message} without a header: a message kept rather than sent (a
     * provider's record of a notification it could not deliver), read back by {@link #read}.
     */
    public static String write(Optional<NsiHeader> header, NsiMessage message) {
        XmlOut out = envelope(header);
        MessageWriter.write(out, message);
        return close(out);
    }

    /** The envelope of a fault, with the header of the request it answers when there is one. */
    public static String writeFault(Optional<NsiHeader> header, NsiFault fault) {
        XmlOut out = envelope(header);
        out.startQualified("S", "Fault", NsiNamespaces.SOAP_ENVELOPE)
                .element("faultcode", "S:" + fault.code().localName())
                .element("faultstring", fault.faultString());
        fault.serviceException().ifPresent(e -> {
            out.start("detail");
            PartsWriter.faultDetail(out, e);
            out.end();
        });
        out.end();
        return close(out);
    }

    /**
     * Reads an envelope.
     *
     * @throws NsiPayloadException what cannot be read, with its NSI error id and element
     */
    public static NsiEnvelope read(InputStream xml) throws NsiPayloadException {
        return EnvelopeReader.read(SecureXml.parse(xml));
    }

    /** Reads an envelope from text. */
    public static NsiEnvelope read(String xml) throws NsiPayloadException {
        return read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static XmlOut envelope(Optional<NsiHeader> header) {
        XmlOut out = new XmlOut();
        out.startQualified("S", "Envelope", NsiNamespaces.SOAP_ENVELOPE)
                .declare("S", NsiNamespaces.SOAP_ENVELOPE)
                .declare(PartsWriter.HEADERS, NsiNamespaces.HEADERS)
                .declare(PartsWriter.TYPES, NsiNamespaces.CONNECTION_TYPES)
                .declare(PartsWriter.P2P, NsiNamespaces.POINT_TO_POINT);
        if (header.isPresent()) {
            out.startQualified("S", "Header", NsiNamespaces.SOAP_ENVELOPE);
            PartsWriter.header(out, header.get());
            out.end();
        }
        out.startQualified("S", "Body", NsiNamespaces.SOAP_ENVELOPE);
        return out;
    }

    private static String close(XmlOut out) {
        return out.end().end().finish();
    }
}
