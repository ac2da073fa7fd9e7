/**
 * SNMP access to Cisco routers: {@link org.crs.routers.driver.snmp.SnmpSession} (SNMPv2c or
 * SNMPv3 authPriv over UDP, with a device log), the
 * {@link org.crs.routers.driver.snmp.Cisco7600SnmpDriver} (VLAN circuits without the policer,
 * which IOS cannot configure over SNMP), and
 * {@link org.crs.routers.driver.snmp.SnmpInterfaceCounters}, which reads the 64-bit octet
 * counters of any router, whichever protocol configures it.
 *
 * <p>The 7600 driver's parts: the MIB objects it uses
 * ({@link org.crs.routers.driver.snmp.CiscoVlanMibs}), the VTP edit buffer that creates and
 * deletes VLANs ({@code VtpEditBuffer}), the trunk port bitmaps ({@code TrunkBitmap}), one
 * reading of a segment ({@code SegmentReading}), and the configuration save
 * ({@code SnmpConfigSave}).
 */
package org.crs.routers.driver.snmp;
