/**
 * The device model an emulated router's CLI and SNMP agent share: interfaces, VLANs, the VTP
 * edit buffer, MPLS, and the 7600 and 12000 profiles.
 */
package org.crs.routers.emulator.device;
