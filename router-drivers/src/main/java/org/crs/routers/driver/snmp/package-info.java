/**
 * SNMP access to Cisco routers: {@link org.crs.routers.driver.snmp.SnmpSession} (SNMPv2c or
 * SNMPv3 authPriv over UDP, with a device log), the
 * {@link org.crs.routers.driver.snmp.Cisco7600SnmpDriver} (VLAN circuits without the policer,
 * which IOS cannot configure over SNMP), and
 * {@link org.crs.routers.driver.snmp.SnmpInterfaceCounters}, which reads the 64-bit octet
 * counters of any router, whichever protocol configures it.
 */
package org.crs.routers.driver.snmp;
