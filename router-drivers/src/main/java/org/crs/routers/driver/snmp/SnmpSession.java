package org.crs.routers.driver.snmp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DeviceLogEntry.Outcome;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SnmpCredentials;
import org.snmp4j.AbstractTarget;
import org.snmp4j.CommunityTarget;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.PDU;
import org.snmp4j.ScopedPDU;
import org.snmp4j.Snmp;
import org.snmp4j.UserTarget;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.MPv2c;
import org.snmp4j.mp.MPv3;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.security.AuthHMAC192SHA256;
import org.snmp4j.security.PrivAES128;
import org.snmp4j.security.SecurityLevel;
import org.snmp4j.security.SecurityProtocols;
import org.snmp4j.security.USM;
import org.snmp4j.security.UsmUser;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;
import org.snmp4j.transport.DefaultUdpTransportMapping;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SNMP requests to one router over UDP: SNMPv2c with a community, or SNMPv3 USM with
 * SHA-256 authentication (HMAC-192-SHA-256) and AES-128 privacy.
 *
 * <p>Every request and its response go to the {@link DeviceLog} as text such as
 * {@code set 1.3.6.1.4.1.9.9.68.1.2.2.1.2.5 = 1234}; the community and the passphrases never
 * do. An error status, an SNMPv3 report or a request left unanswered after the retries
 * becomes a {@link DriverException} naming the error and the failing OID.
 *
 * <p>Each session has its own message dispatcher and USM, so sessions to several routers
 * (and an SNMP agent in the same JVM, as in tests) do not share security state.
 */
public final class SnmpSession implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnmpSession.class);

    public static final OID IF_DESCR = new OID("1.3.6.1.2.1.2.2.1.2");
    public static final OID IF_NAME = new OID("1.3.6.1.2.1.31.1.1.1.1");

    /** Rows asked for per GETBULK while walking a column. */
    private static final int BULK_REPETITIONS = 25;

    /** A walk stops after this many rows: a safety net against an agent that loops. */
    private static final int MAX_WALK_ROWS = 100_000;

    private static final Map<String, String> USM_REPORTS = Map.of(
            "1.3.6.1.6.3.15.1.1.1.0", "usmStatsUnsupportedSecLevels (the agent refuses authPriv for this user)",
            "1.3.6.1.6.3.15.1.1.2.0", "usmStatsNotInTimeWindows",
            "1.3.6.1.6.3.15.1.1.3.0", "usmStatsUnknownUserNames (unknown user)",
            "1.3.6.1.6.3.15.1.1.4.0", "usmStatsUnknownEngineIDs",
            "1.3.6.1.6.3.15.1.1.5.0", "usmStatsWrongDigests (wrong authentication passphrase)",
            "1.3.6.1.6.3.15.1.1.6.0", "usmStatsDecryptionErrors (wrong privacy passphrase)");

    /** Error-status names as RFC 3416 spells them, which is how agents and MIB tools print them. */
    private static final String[] ERROR_STATUS_NAMES = {"noError", "tooBig", "noSuchName", "badValue", "readOnly",
        "genErr", "noAccess", "wrongType", "wrongLength", "wrongEncoding", "wrongValue", "noCreation",
        "inconsistentValue", "resourceUnavailable", "commitFailed", "undoFailed", "authorizationError",
        "notWritable", "inconsistentName"};

    static {
        // SNMP4J 3 enables only some protocols by default (no MD5 or SHA-1); the ones CRS uses
        // are added explicitly. Adding is idempotent.
        SecurityProtocols.getInstance().addAuthenticationProtocol(new AuthHMAC192SHA256());
        SecurityProtocols.getInstance().addPrivacyProtocol(new PrivAES128());
    }

    private final RouterEndpoint router;
    private final SnmpTimeouts timeouts;
    private final DeviceLog log;
    private final boolean v3;
    private final Snmp snmp;
    private final AbstractTarget<UdpAddress> target;
    /** Interface name (lower case) to ifIndex, per IF-MIB column walked. */
    private final Map<OID, Map<String, Integer>> ifIndexes = new HashMap<>();

    private SnmpSession(RouterEndpoint router, SnmpTimeouts timeouts, DeviceLog log, boolean v3, Snmp snmp,
                        AbstractTarget<UdpAddress> target) {
        this.router = router;
        this.timeouts = timeouts;
        this.log = log;
        this.v3 = v3;
        this.snmp = snmp;
        this.target = target;
    }

    /**
     * Opens a UDP socket towards the router's SNMP port and, for SNMPv3, discovers its engine id.
     *
     * @throws DriverException when the address is unknown, the socket cannot be opened, or an
     *     SNMPv3 agent does not answer engine discovery
     */
    public static SnmpSession open(RouterEndpoint router, SnmpTimeouts timeouts, DeviceLog log) throws DriverException {
        SnmpCredentials credentials = router.snmp();
        if (credentials == null || router.snmpPort() <= 0) {
            throw new IllegalArgumentException("router " + router.name() + " has no SNMP port or credentials");
        }
        UdpAddress address;
        try {
            address = new UdpAddress(InetAddress.getByName(router.host()), router.snmpPort());
        } catch (UnknownHostException e) {
            throw new DriverException(router.name(), "snmp " + router.host(), "unknown host", e);
        }
        boolean v3 = credentials.version() == 3;
        Snmp snmp = null;
        try {
            MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
            dispatcher.addMessageProcessingModel(new MPv2c());
            AbstractTarget<UdpAddress> target;
            if (v3) {
                USM usm = new USM(SecurityProtocols.getInstance(), new OctetString(MPv3.createLocalEngineID()), 0);
                usm.addUser(new UsmUser(new OctetString(credentials.user()), AuthHMAC192SHA256.ID,
                        new OctetString(credentials.authPassword()), PrivAES128.ID,
                        new OctetString(credentials.privPassword())));
                dispatcher.addMessageProcessingModel(new MPv3(usm));
                UserTarget<UdpAddress> user = new UserTarget<>();
                user.setAddress(address);
                user.setSecurityName(new OctetString(credentials.user()));
                user.setSecurityLevel(SecurityLevel.AUTH_PRIV);
                user.setVersion(SnmpConstants.version3);
                target = user;
            } else {
                CommunityTarget<UdpAddress> community = new CommunityTarget<>(address,
                        new OctetString(credentials.community()));
                community.setVersion(SnmpConstants.version2c);
                target = community;
            }
            target.setTimeout(timeouts.request().toMillis());
            target.setRetries(timeouts.retries());
            snmp = new Snmp(dispatcher, new DefaultUdpTransportMapping());
            snmp.listen();
            SnmpSession session = new SnmpSession(router, timeouts, log, v3, snmp, target);
            if (v3) {
                session.discoverEngine((UserTarget<UdpAddress>) target);
            }
            return session;
        } catch (IOException e) {
            closeQuietly(snmp);
            throw new DriverException(router.name(), "snmp " + router.host() + ":" + router.snmpPort(),
                    "cannot open a UDP socket: " + e.getMessage(), e);
        } catch (DriverException | RuntimeException e) {
            closeQuietly(snmp);
            throw e;
        }
    }

    private void discoverEngine(UserTarget<UdpAddress> user) throws DriverException {
        String step = "discover SNMPv3 engine id";
        Instant at = Instant.now();
        long started = System.nanoTime();
        // Discovery sends one unauthenticated request; retries are the caller's, as for any request.
        byte[] engineId = null;
        for (int attempt = 0; attempt <= timeouts.retries() && engineId == null; attempt++) {
            engineId = snmp.discoverAuthoritativeEngineID(user.getAddress(), timeouts.request().toMillis());
        }
        if (engineId == null) {
            String why = "no answer within " + seconds(timeouts.request()) + " (" + (timeouts.retries() + 1) + " tries)";
            record(step, why, Outcome.TIMEOUT, at, started);
            throw new DriverException(router.name(), step, why, null);
        }
        user.setAuthoritativeEngineID(engineId);
        record(step, "engine id " + new OctetString(engineId).toHexString(), Outcome.OK, at, started);
    }

    /** Reads one object. The binding's value may be noSuchObject/noSuchInstance ({@link VariableBinding#isException()}). */
    public VariableBinding get(OID oid) throws DriverException {
        return get(List.of(oid)).get(0);
    }

    /** Reads several objects in one request. */
    public List<VariableBinding> get(List<OID> oids) throws DriverException {
        List<VariableBinding> request = oids.stream().map(VariableBinding::new).collect(Collectors.toList());
        String text = "get " + oids.stream().map(OID::toDottedString).collect(Collectors.joining(", "));
        PDU response = send(PDU.GET, request, text);
        List<VariableBinding> out = new ArrayList<>(response.getVariableBindings());
        if (out.size() != oids.size()) {
            throw new DriverException(router.name(), text, "the answer holds " + out.size() + " values for "
                    + oids.size() + " objects", null);
        }
        return out;
    }

    /** Every object under {@code root}, in order, read with GETBULK. */
    public List<VariableBinding> walk(OID root) throws DriverException {
        List<VariableBinding> out = new ArrayList<>();
        OID next = root;
        while (out.size() < MAX_WALK_ROWS) {
            String text = "getbulk " + next.toDottedString() + " (walk " + root.toDottedString() + ")";
            PDU response = send(PDU.GETBULK, List.of(new VariableBinding(next)), text);
            List<? extends VariableBinding> rows = response.getVariableBindings();
            if (rows.isEmpty()) {
                return out;
            }
            for (VariableBinding row : rows) {
                if (row.isException() || !row.getOid().startsWith(root) || row.getOid().compareTo(next) <= 0) {
                    return out;
                }
                out.add(row);
                next = row.getOid();
            }
        }
        return out;
    }

    /**
     * Writes the bindings in one SET request. Use one binding per request unless the bindings
     * must go together: multi-varbind sets are not atomic on every agent.
     */
    public void set(VariableBinding... bindings) throws DriverException {
        String text = "set " + java.util.Arrays.stream(bindings).map(SnmpSession::describe)
                .collect(Collectors.joining(", "));
        send(PDU.SET, List.of(bindings), text);
    }

    /**
     * The ifIndex of the interface with this ifDescr (IOS: {@code GigabitEthernet1/1}) or,
     * failing that, this ifName ({@code Gi1/1}). Each column is walked at most once per session.
     */
    public int ifIndex(String interfaceName) throws DriverException {
        for (OID column : List.of(IF_DESCR, IF_NAME)) {
            Map<String, Integer> names = ifIndexes.get(column);
            if (names == null) {
                names = new HashMap<>();
                for (VariableBinding row : walk(column)) {
                    names.putIfAbsent(row.getVariable().toString().toLowerCase(Locale.ROOT), row.getOid().last());
                }
                ifIndexes.put(column, names);
            }
            Integer index = names.get(interfaceName.toLowerCase(Locale.ROOT));
            if (index != null) {
                return index;
            }
        }
        throw new DriverException(router.name(), "find ifIndex of " + interfaceName,
                "no interface " + interfaceName + " in ifDescr or ifName", null);
    }

    /** A column's OID with an index appended, e.g. ifAdminStatus.5; the column's OID is left as it is. */
    public static OID oid(OID column, int... index) {
        OID out = new OID(column);
        for (int i : index) {
            out.append(i);
        }
        return out;
    }

    /**
     * Waits before the next read of a status the agent is still working on (a VLAN edit being
     * applied, a configuration being copied). An interrupt ends the wait as a failure of
     * {@code step}, with the thread's interrupt flag set again for the caller.
     */
    void pauseBeforePolling(long millis, String step) throws DriverException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException(router.name(), step, "interrupted", e);
        }
    }

    /** The router this session talks to. */
    public RouterEndpoint router() {
        return router;
    }

    /** The timeouts this session uses. */
    public SnmpTimeouts timeouts() {
        return timeouts;
    }

    @Override
    public void close() {
        closeQuietly(snmp);
    }

    // --- one request ---------------------------------------------------------------------------

    private PDU send(int type, List<VariableBinding> bindings, String text) throws DriverException {
        PDU pdu = v3 ? new ScopedPDU() : new PDU();
        pdu.setType(type);
        pdu.addAll(bindings);
        if (type == PDU.GETBULK) {
            pdu.setNonRepeaters(0);
            pdu.setMaxRepetitions(BULK_REPETITIONS);
        }
        Instant at = Instant.now();
        long started = System.nanoTime();
        ResponseEvent<UdpAddress> event;
        try {
            event = snmp.send(pdu, target);
        } catch (IOException e) {
            record(text, "not sent: " + e.getMessage(), Outcome.DISCONNECTED, at, started);
            throw new DriverException(router.name(), text, "request not sent: " + e.getMessage(), e);
        }
        PDU response = event == null ? null : event.getResponse();
        if (response == null) {
            String why = event != null && event.getError() != null ? "request failed: " + event.getError().getMessage()
                    : "no answer within " + seconds(timeouts.request()) + " (" + (timeouts.retries() + 1) + " tries)";
            record(text, why, Outcome.TIMEOUT, at, started);
            throw new DriverException(router.name(), text, why, event == null ? null : event.getError());
        }
        if (response.getType() == PDU.REPORT) {
            String why = "SNMPv3 report " + response.getVariableBindings().stream()
                    .map(vb -> USM_REPORTS.getOrDefault(vb.getOid().toDottedString(), vb.getOid().toDottedString()))
                    .collect(Collectors.joining(", "));
            record(text, why, Outcome.ERROR, at, started);
            throw new DriverException(router.name(), text, why, null);
        }
        if (response.getErrorStatus() != PDU.noError) {
            int index = response.getErrorIndex();
            String oid = index >= 1 && index <= bindings.size() ? " at " + bindings.get(index - 1).getOid().toDottedString() : "";
            String why = errorStatusName(response.getErrorStatus()) + "(" + response.getErrorStatus() + ")" + oid;
            record(text, why, Outcome.ERROR, at, started);
            throw new DriverException(router.name(), text, why, null);
        }
        record(text, response.getVariableBindings().stream().map(SnmpSession::describe)
                .collect(Collectors.joining(", ")), Outcome.OK, at, started);
        return response;
    }

    static String errorStatusName(int status) {
        return status >= 0 && status < ERROR_STATUS_NAMES.length ? ERROR_STATUS_NAMES[status] : "error";
    }

    private void record(String request, String response, Outcome outcome, Instant at, long started) {
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        log.record(new DeviceLogEntry(router.name(), DeviceLogEntry.Protocol.SNMP, request, response, outcome, at, elapsed));
    }

    /** {@code 1.3.6.1.2.1.2.2.1.7.5 = 1}; octet strings print as text when printable, else as hex. */
    static String describe(VariableBinding vb) {
        Variable v = vb.getVariable();
        String value = v == null ? "null" : v instanceof OctetString s && !s.isPrintable() ? s.toHexString() : v.toString();
        if (v instanceof OctetString s && s.isPrintable()) {
            value = "\"" + value + "\"";
        }
        return vb.getOid().toDottedString() + " = " + value;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static void closeQuietly(Snmp snmp) {
        if (snmp == null) {
            return;
        }
        try {
            snmp.close();
        } catch (IOException e) {
            // Closing a UDP socket fails only if it is already gone; nothing is lost, but say so.
            LOG.warn("closing an SNMP session: {}", e.toString());
        }
    }

    @Override
    public String toString() {
        return "SNMP session to " + Objects.toString(router);
    }
}
