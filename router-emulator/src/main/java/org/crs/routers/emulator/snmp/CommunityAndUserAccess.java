package org.crs.routers.emulator.snmp;

import org.snmp4j.agent.mo.snmp.CoexistenceInfo;
import org.snmp4j.agent.mo.snmp.CoexistenceInfoProvider;
import org.snmp4j.agent.security.VACM;
import org.snmp4j.smi.Address;
import org.snmp4j.security.SecurityLevel;
import org.snmp4j.security.SecurityModel;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;

/**
 * Who may read and write, from {@link SnmpSettings}: the read community reads, the write
 * community and the SNMPv3 users (authPriv only) read and write. Everything is in one view,
 * so this replaces the VACM and community MIBs' configuration with the three rules a router
 * here needs. SNMPv1/v2c requests keep their community as security name.
 */
final class CommunityAndUserAccess implements VACM, CoexistenceInfoProvider {

    private static final OctetString FULL_VIEW = new OctetString("full");
    // The largest response a UDP datagram carries.
    private static final int MAX_MESSAGE_SIZE = 65507;

    private final SnmpSettings settings;
    private final OctetString engineId;

    CommunityAndUserAccess(SnmpSettings settings, OctetString engineId) {
        this.settings = settings;
        this.engineId = engineId;
    }

    /** True for the read or write community. */
    boolean isCommunity(OctetString community) {
        return community.toString().equals(settings.readCommunity())
                || community.toString().equals(settings.writeCommunity());
    }

    @Override
    public OctetString getViewName(OctetString context, OctetString securityName, int securityModel,
                                   int securityLevel, int viewType) {
        if (viewType != VIEW_READ && viewType != VIEW_WRITE) {
            return null; // the agent sends no notifications
        }
        String name = securityName.toString();
        if (securityModel == SecurityModel.SECURITY_MODEL_SNMPv1 || securityModel == SecurityModel.SECURITY_MODEL_SNMPv2c) {
            boolean allowed = name.equals(settings.writeCommunity())
                    || (viewType == VIEW_READ && name.equals(settings.readCommunity()));
            return allowed ? FULL_VIEW : null;
        }
        if (securityModel == SecurityModel.SECURITY_MODEL_USM && securityLevel == SecurityLevel.AUTH_PRIV) {
            boolean known = settings.v3Users().stream().anyMatch(u -> u.name().equals(name));
            return known ? FULL_VIEW : null;
        }
        return null;
    }

    @Override
    public int isAccessAllowed(OctetString viewName, OID oid) {
        return FULL_VIEW.equals(viewName) ? VACM_OK : VACM_NOT_IN_VIEW;
    }

    @Override
    public int isAccessAllowed(OctetString context, OctetString securityName, int securityModel,
                               int securityLevel, int viewType, OID oid) {
        OctetString view = getViewName(context, securityName, securityModel, securityLevel, viewType);
        return view == null ? VACM_NO_SUCH_VIEW : isAccessAllowed(view, oid);
    }

    /** SNMP4J-Agent's mapping of a community to the default context of this agent. */
    @Override
    public CoexistenceInfo[] getCoexistenceInfo(OctetString community) {
        if (!isCommunity(community)) {
            return new CoexistenceInfo[0];
        }
        CoexistenceInfo info = new CoexistenceInfo(community, engineId, new OctetString());
        info.setMaxMessageSize(MAX_MESSAGE_SIZE);
        return new CoexistenceInfo[] {info};
    }

    @Override
    public OctetString getCommunity(OctetString securityName, OctetString contextEngineId, OctetString contextName) {
        return securityName;
    }

    @Override
    public boolean passesFilter(Address address, CoexistenceInfo info) {
        return true;
    }
}
