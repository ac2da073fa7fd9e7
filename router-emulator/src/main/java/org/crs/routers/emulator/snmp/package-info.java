/**
 * The SNMP agent of an emulated router and its MIBs (IF-MIB, CISCO-VTP-MIB, CISCO-VLAN-MEMBERSHIP-MIB,
 * CISCO-CONFIG-COPY-MIB), over the shared device model.
 */
package org.crs.routers.emulator.snmp;
