package org.crs.routers.emulator.snmp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.time.Duration;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.sessions.Session;
import org.crs.routers.emulator.sessions.SessionLog;
import org.snmp4j.PDU;
import org.snmp4j.CommandResponder;
import org.snmp4j.CommandResponderEvent;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.Snmp;
import org.snmp4j.agent.CommandProcessor;
import org.snmp4j.agent.DefaultMOServer;
import org.snmp4j.agent.DuplicateRegistrationException;
import org.snmp4j.mp.CounterSupport;
import org.snmp4j.mp.MPv1;
import org.snmp4j.mp.MPv2c;
import org.snmp4j.mp.MPv3;
import org.snmp4j.security.AuthHMAC192SHA256;
import org.snmp4j.security.PrivAES128;
import org.snmp4j.security.SecurityModel;
import org.snmp4j.security.SecurityModels;
import org.snmp4j.security.SecurityProtocols;
import org.snmp4j.security.USM;
import org.snmp4j.security.UsmUser;
import org.snmp4j.smi.Address;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.transport.DefaultUdpTransportMapping;

/**
 * The SNMP agent of one emulated router: SNMPv1/v2c with a read and a write community and
 * SNMPv3 USM users with authPriv (HMAC-SHA-256 and AES-128), serving the system group, IF-MIB
 * and, on the 7600, the Cisco VLAN MIBs, all computed live from the router's {@link Device}.
 *
 * <p>Built from SNMP4J-Agent's parts rather than its {@code BaseAgent}, which wants a config
 * file: every agent has its own transport, USM, engine ID and security protocols, so several
 * routers run in one JVM without sharing state. Each request is answered holding the
 * device's lock, so it is one atomic step against the CLI, and goes through {@link Faults}
 * first: a request can be dropped or delayed, a set varbind rejected.
 */
public final class SnmpAgent implements AutoCloseable {

    private final Device device;
    private final SnmpSettings settings;
    private final Faults faults;
    private final SessionLog sessions;
    private Snmp snmp;

    /** An agent that records no sessions. */
    public SnmpAgent(Device device, SnmpSettings settings, Faults faults) {
        this(device, settings, faults, null);
    }

    /** An agent that records each SET request it answers in {@code sessions} (null: none). */
    public SnmpAgent(Device device, SnmpSettings settings, Faults faults, SessionLog sessions) {
        this.device = device;
        this.settings = settings;
        this.faults = faults;
        this.sessions = sessions;
    }

    /**
     * Starts answering on a UDP port.
     *
     * @param host the address to bind, in practice {@code 127.0.0.1}
     * @param port the UDP port, or 0 for a free one
     * @return the bound port
     */
    public synchronized int start(String host, int port) throws IOException {
        if (snmp != null) {
            throw new IllegalStateException("SNMP agent of " + device.hostname() + " already started");
        }
        // Random, so no two agents (nor two runs of one router) share an engine ID and managers'
        // engine-time caches never mix them up.
        byte[] random = new byte[8];
        new SecureRandom().nextBytes(random);
        OctetString engineId = new OctetString(MPv3.createLocalEngineID(new OctetString(random)));

        // SNMP4J's SecurityProtocols.getInstance() is JVM-wide; this agent uses its own set.
        SecurityProtocols protocols = new SecurityProtocols(SecurityProtocols.SecurityProtocolSet.none);
        protocols.addAuthenticationProtocol(new AuthHMAC192SHA256());
        protocols.addPrivacyProtocol(new PrivAES128());
        USM usm = new USM(protocols, engineId, 0);
        for (SnmpSettings.V3User user : settings.v3Users()) {
            OctetString name = new OctetString(user.name());
            usm.addUser(name, engineId, new UsmUser(name, AuthHMAC192SHA256.ID, new OctetString(user.authPassword()),
                    PrivAES128.ID, new OctetString(user.privPassword())));
        }

        MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
        dispatcher.addMessageProcessingModel(new MPv1());
        dispatcher.addMessageProcessingModel(new MPv2c());
        dispatcher.addMessageProcessingModel(new MPv3(engineId.getValue(), null, protocols,
                SecurityModels.getCollection(new SecurityModel[] {usm}), CounterSupport.getInstance()));

        DefaultMOServer server = new DefaultMOServer();
        try {
            // Requests name the empty context; SNMP4J-Agent only matches that to an MO registered under it.
            server.register(new DeviceMib(device, faults), new OctetString());
        } catch (DuplicateRegistrationException e) {
            throw new IllegalStateException(e);
        }
        CommunityAndUserAccess access = new CommunityAndUserAccess(settings, engineId);
        CommandProcessor processor = new CommandProcessor(engineId);
        processor.setVacm(access);
        processor.setCoexistenceProvider(access);
        processor.addMOServer(server);

        DefaultUdpTransportMapping transport = new DefaultUdpTransportMapping(
                new UdpAddress(InetAddress.getByName(host), port));
        Snmp started = new Snmp(dispatcher, transport);
        started.addCommandResponder(new Responder(processor, access));
        try {
            started.listen();
        } catch (IOException | RuntimeException e) {
            try {
                started.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        snmp = started;
        return transport.getListenAddress().getPort();
    }

    /** Stops answering and frees the port. */
    @Override
    public synchronized void close() {
        if (snmp != null) {
            try {
                snmp.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                snmp = null;
            }
        }
    }

    /** Applies faults and the device lock around SNMP4J-Agent's command processor. */
    private final class Responder implements CommandResponder {
        private final CommandProcessor processor;
        private final CommunityAndUserAccess access;

        Responder(CommandProcessor processor, CommunityAndUserAccess access) {
            this.processor = processor;
            this.access = access;
        }

        @Override
        public <A extends Address> void processPdu(CommandResponderEvent<A> event) {
            int model = event.getSecurityModel();
            boolean community = model == SecurityModel.SECURITY_MODEL_SNMPv1
                    || model == SecurityModel.SECURITY_MODEL_SNMPv2c;
            if (community && !access.isCommunity(new OctetString(event.getSecurityName()))) {
                // Routers ignore unknown communities rather than answer with an error.
                event.setProcessed(true);
                return;
            }
            if (faults.takeSnmpDrop()) {
                event.setProcessed(true);
                return;
            }
            // Sleeping in the listener thread also holds back later requests, as a busy router does.
            sleep(faults.takeDelay());
            boolean isSet = event.getPDU() != null && event.getPDU().getType() == PDU.SET;
            if (isSet) {
                // The router's pace: a SET that starts a ccCopyTable copy is a save, any other a line.
                device.takeTime(startsCopy(event.getPDU()) ? device.pace().save() : device.pace().line());
            }
            boolean set = sessions != null && isSet;
            synchronized (device) {
                long id = set ? sessions.open(Session.Kind.SNMP_SET) : 0;
                try {
                    processor.processPdu(event);
                } finally {
                    if (set) {
                        sessions.close(id);
                    }
                }
            }
        }
    }

    private static boolean startsCopy(PDU pdu) {
        return pdu.getVariableBindings().stream().anyMatch(vb -> vb.getOid().startsWith(ConfigCopyMib.CC_COPY_ENTRY));
    }

    private static void sleep(Duration delay) {
        if (delay.isZero()) {
            return;
        }
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
