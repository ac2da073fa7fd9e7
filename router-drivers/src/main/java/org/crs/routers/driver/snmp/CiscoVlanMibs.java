package org.crs.routers.driver.snmp;

import org.snmp4j.smi.OID;

/**
 * The MIB objects a campus VLAN circuit is made of on a Cisco 7600, and the values CRS writes
 * to them: the VLAN (CISCO-VTP-MIB), a host port's access VLAN (CISCO-VLAN-MEMBERSHIP-MIB),
 * its description and admin status (IF-MIB), and the VLANs a trunk allows (CISCO-VTP-MIB).
 *
 * <p>The columns are named in one place, each followed by the values CRS writes to it or
 * reads from it, so that what a router receives can be checked against Cisco's MIBs, and a
 * test can refer to an object by name. Append the index with
 * {@link SnmpSession#oid(OID, int...)}, which copies: these OIDs are shared and never changed.
 */
public final class CiscoVlanMibs {

    /** VTP management domain index: IOS has one, numbered 1. */
    public static final int VTP_DOMAIN = 1;

    // CISCO-VTP-MIB vtpVlanTable, indexed by domain and VLAN.
    /** vtpVlanState: answers for every VLAN that exists. */
    public static final OID VTP_VLAN_STATE = new OID("1.3.6.1.4.1.9.9.46.1.3.1.1.2");
    /** vtpVlanState operational(1). */
    public static final int VLAN_OPERATIONAL = 1;
    /** vtpVlanName. */
    public static final OID VTP_VLAN_NAME = new OID("1.3.6.1.4.1.9.9.46.1.3.1.1.4");

    // CISCO-VTP-MIB vtpEditControlTable, indexed by domain.
    /** vtpVlanEditOperation: copy, apply or release the edit buffer. */
    public static final OID VTP_VLAN_EDIT_OPERATION = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1.1");
    /** vtpVlanEditOperation copy(2): take the buffer, filled with the current VLANs. */
    public static final int EDIT_COPY = 2;
    /** vtpVlanEditOperation apply(3): make the buffer's VLANs the router's. */
    public static final int EDIT_APPLY = 3;
    /** vtpVlanEditOperation release(4): give the buffer back. */
    public static final int EDIT_RELEASE = 4;
    /** vtpVlanApplyStatus: the outcome of the last apply. */
    public static final OID VTP_VLAN_APPLY_STATUS = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1.2");
    /** vtpVlanApplyStatus inProgress(1). */
    public static final int APPLY_IN_PROGRESS = 1;
    /** vtpVlanApplyStatus succeeded(2). */
    public static final int APPLY_SUCCEEDED = 2;
    /** vtpVlanEditBufferOwner: who holds the edit buffer. */
    public static final OID VTP_VLAN_EDIT_BUFFER_OWNER = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1.3");
    /** Who holds the VTP edit buffer while CRS edits it, as other managers see it. */
    public static final String EDIT_BUFFER_OWNER = "crs";

    // CISCO-VTP-MIB vtpVlanEditTable, indexed by domain and VLAN.
    /** vtpVlanEditType. */
    public static final OID VTP_VLAN_EDIT_TYPE = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.3");
    /** VlanType ethernet(1). */
    public static final int VLAN_TYPE_ETHERNET = 1;
    /** vtpVlanEditName. */
    public static final OID VTP_VLAN_EDIT_NAME = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.4");
    /** vtpVlanEditDot10Said: the 802.10 SAID, four bytes. */
    public static final OID VTP_VLAN_EDIT_DOT10_SAID = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.6");
    /** vtpVlanEditRowStatus: creates or destroys a VLAN in the edit buffer. */
    public static final OID VTP_VLAN_EDIT_ROW_STATUS = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1.11");
    /** RowStatus createAndGo(4). */
    public static final int ROW_CREATE_AND_GO = 4;
    /** RowStatus destroy(6). */
    public static final int ROW_DESTROY = 6;

    // CISCO-VTP-MIB vlanTrunkPortTable, indexed by ifIndex: 128-byte bitmaps of 1024 VLANs each.
    /** vlanTrunkPortVlansEnabled (VLANs 0-1023); the 2k, 3k and 4k columns follow. */
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.4");
    /** vlanTrunkPortVlansEnabled2k (VLANs 1024-2047). */
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED_2K = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.17");
    /** vlanTrunkPortVlansEnabled3k (VLANs 2048-3071). */
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED_3K = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.18");
    /** vlanTrunkPortVlansEnabled4k (VLANs 3072-4095). */
    public static final OID VLAN_TRUNK_PORT_VLANS_ENABLED_4K = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1.19");

    /** CISCO-VLAN-MEMBERSHIP-MIB vmVlan, indexed by ifIndex: an access port's VLAN. */
    public static final OID VM_VLAN = new OID("1.3.6.1.4.1.9.9.68.1.2.2.1.2");
    /** The access VLAN of a parked port. */
    public static final int DEFAULT_VLAN = 1;

    /** IF-MIB ifAdminStatus, indexed by ifIndex. */
    public static final OID IF_ADMIN_STATUS = new OID("1.3.6.1.2.1.2.2.1.7");
    /** ifAdminStatus up(1). */
    public static final int ADMIN_UP = 1;
    /** ifAdminStatus down(2). */
    public static final int ADMIN_DOWN = 2;
    /** IF-MIB ifAlias, indexed by ifIndex: the interface description. */
    public static final OID IF_ALIAS = new OID("1.3.6.1.2.1.31.1.1.1.18");

    private CiscoVlanMibs() {
    }
}
