package org.crs.routers.emulator.snmp;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.snmp4j.AbstractTarget;
import org.snmp4j.CommunityTarget;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.PDU;
import org.snmp4j.ScopedPDU;
import org.snmp4j.Snmp;
import org.snmp4j.UserTarget;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.CounterSupport;
import org.snmp4j.mp.MPv3;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.security.AuthHMAC192SHA256;
import org.snmp4j.security.PrivAES128;
import org.snmp4j.security.SecurityLevel;
import org.snmp4j.security.SecurityModel;
import org.snmp4j.security.SecurityModels;
import org.snmp4j.security.SecurityProtocols;
import org.snmp4j.security.USM;
import org.snmp4j.security.UsmUser;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;
import org.snmp4j.transport.DefaultUdpTransportMapping;
import org.snmp4j.util.DefaultPDUFactory;
import org.snmp4j.util.TreeEvent;
import org.snmp4j.util.TreeUtils;

/** A small SNMP4J manager for the tests: SNMPv1/v2c with a community, or SNMPv3 authPriv SHA-256/AES-128. */
final class Manager implements AutoCloseable {

    private final Snmp snmp;
    private final AbstractTarget<UdpAddress> target;

    private Manager(Snmp snmp, AbstractTarget<UdpAddress> target) {
        this.snmp = snmp;
        this.target = target;
        target.setTimeout(2000);
        target.setRetries(0);
    }

    static Manager v2c(int port, String community) throws IOException {
        return community(port, community, SnmpConstants.version2c);
    }

    static Manager v1(int port, String community) throws IOException {
        return community(port, community, SnmpConstants.version1);
    }

    private static Manager community(int port, String community, int version) throws IOException {
        Snmp snmp = new Snmp(new DefaultUdpTransportMapping());
        snmp.listen();
        CommunityTarget<UdpAddress> target = new CommunityTarget<>(address(port), new OctetString(community));
        target.setVersion(version);
        return new Manager(snmp, target);
    }

    static Manager v3(int port, String user, String authPassword, String privPassword) throws IOException {
        SecurityProtocols protocols = new SecurityProtocols(SecurityProtocols.SecurityProtocolSet.none);
        protocols.addAuthenticationProtocol(new AuthHMAC192SHA256());
        protocols.addPrivacyProtocol(new PrivAES128());
        OctetString engineId = new OctetString(MPv3.createLocalEngineID());
        USM usm = new USM(protocols, engineId, 0);
        usm.addUser(new UsmUser(new OctetString(user), AuthHMAC192SHA256.ID, new OctetString(authPassword),
                PrivAES128.ID, new OctetString(privPassword)));
        // Its own dispatcher and USM: Snmp's defaults use SNMP4J's JVM-wide security models.
        MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
        dispatcher.addMessageProcessingModel(new MPv3(engineId.getValue(), null, protocols,
                SecurityModels.getCollection(new SecurityModel[] {usm}), CounterSupport.getInstance()));
        Snmp snmp = new Snmp(dispatcher, new DefaultUdpTransportMapping());
        snmp.listen();
        UserTarget<UdpAddress> target = new UserTarget<>(address(port), new OctetString(user), new byte[0],
                SecurityLevel.AUTH_PRIV);
        target.setVersion(SnmpConstants.version3);
        return new Manager(snmp, target);
    }

    private static UdpAddress address(int port) throws IOException {
        return new UdpAddress(InetAddress.getByName("127.0.0.1"), port);
    }

    Manager timeoutMillis(long millis) {
        target.setTimeout(millis);
        return this;
    }

    /** The response to a get, or null when none came. */
    PDU get(String... oids) throws IOException {
        PDU pdu = newPdu(PDU.GET);
        for (String oid : oids) {
            pdu.add(new VariableBinding(new OID(oid)));
        }
        return send(pdu);
    }

    /** The value of one object, failing when there is no answer or an error. */
    Variable value(String oid) throws IOException {
        PDU response = get(oid);
        if (response == null) {
            throw new AssertionError("no response to get " + oid);
        }
        if (response.getErrorStatus() != PDU.noError) {
            throw new AssertionError("get " + oid + " failed: " + response.getErrorStatusText());
        }
        return response.get(0).getVariable();
    }

    /** The response to a set, or null when none came. */
    PDU set(VariableBinding... varbinds) throws IOException {
        PDU pdu = newPdu(PDU.SET);
        for (VariableBinding vb : varbinds) {
            pdu.add(vb);
        }
        return send(pdu);
    }

    /** Every varbind under {@code root}, as a manager's walk (get-next or get-bulk) sees them. */
    List<VariableBinding> walk(String root) {
        TreeUtils tree = new TreeUtils(snmp, new DefaultPDUFactory(
                target.getVersion() == SnmpConstants.version1 ? PDU.GETNEXT : PDU.GETBULK));
        List<VariableBinding> result = new ArrayList<>();
        for (TreeEvent event : tree.getSubtree(target, new OID(root))) {
            if (event.isError()) {
                throw new AssertionError("walk of " + root + " failed: " + event.getErrorMessage());
            }
            if (event.getVariableBindings() != null) {
                result.addAll(List.of(event.getVariableBindings()));
            }
        }
        return result;
    }

    private PDU newPdu(int type) {
        PDU pdu = target.getVersion() == SnmpConstants.version3 ? new ScopedPDU() : new PDU();
        pdu.setType(type);
        return pdu;
    }

    private PDU send(PDU pdu) throws IOException {
        ResponseEvent<UdpAddress> event = snmp.send(pdu, target);
        return event.getResponse();
    }

    @Override
    public void close() throws IOException {
        snmp.close();
    }
}
