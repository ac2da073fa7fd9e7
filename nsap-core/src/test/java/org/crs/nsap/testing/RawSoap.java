package org.crs.nsap.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Raw SOAP 1.1 calls to a CRS port type (the NSAP's unless another namespace is given), as a
 * client that no one here wrote would make them: a hand-written envelope over plain HTTP, and
 * the answer read as text.
 */
public final class RawSoap {

    public static final String NS = "urn:crs:nsap:1";
    private static final String XML_DECLARATION = "<?xml version='1.0' encoding='UTF-8'?>";

    private final HttpClient http;
    private final URI endpoint;
    private final String namespace;
    /** The Authorization header's value; null for none. */
    private final String authorization;

    public RawSoap(URI endpoint) {
        this(endpoint, NS);
    }

    /** Calls with {@code n:} bound to {@code namespace}. */
    public RawSoap(URI endpoint, String namespace) {
        this(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), endpoint, namespace, null);
    }

    private RawSoap(HttpClient http, URI endpoint, String namespace, String authorization) {
        this.http = http;
        this.endpoint = endpoint;
        this.namespace = namespace;
        this.authorization = authorization;
    }

    /** The same calls signed in as {@code account} with HTTP Basic. */
    public RawSoap as(String account, String password) {
        return new RawSoap(http, endpoint, namespace, "Basic " + java.util.Base64.getEncoder().encodeToString(
                (account + ":" + password).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** The same calls with a bearer token. */
    public RawSoap withToken(String token) {
        return new RawSoap(http, endpoint, namespace, "Bearer " + token);
    }

    /** The same calls over {@code client} (for TLS with a client certificate), with the same credentials. */
    public RawSoap over(HttpClient client) {
        return new RawSoap(client, endpoint, namespace, authorization);
    }

    /** A SOAP 1.1 envelope around {@code body}, with {@code n:} bound to the NSAP namespace. */
    public static String envelope(String body) {
        return XML_DECLARATION + envelopeWithoutDeclaration(body);
    }

    /** {@link #envelope(String)} without its XML declaration, for tests that write their own prolog. */
    public static String envelopeWithoutDeclaration(String body) {
        return envelopeWithoutDeclaration(body, NS);
    }

    private static String envelopeWithoutDeclaration(String body, String namespace) {
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:n=\"" + namespace + "\">"
                + "<soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }

    /** Calls {@code operation} with {@code body} in an envelope; the answer's text. */
    public String call(String operation, String body) throws Exception {
        return post(XML_DECLARATION + envelopeWithoutDeclaration(body, namespace), operation).body();
    }

    /** Posts a whole document (well-formed or not) as a SOAP request for {@code operation}. */
    public HttpResponse<String> post(String xml, String operation) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "urn:" + operation)
                .POST(HttpRequest.BodyPublishers.ofString(xml));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The text of the first element named {@code element} in an answer, whatever its prefix; null when absent. */
    public static String field(String answer, String element) {
        Matcher m = Pattern.compile("<(?:\\w+:)?" + element + ">([^<]*)</").matcher(answer);
        return m.find() ? m.group(1) : null;
    }
}
