/**
 * Faults a test can inject into an emulated router: refused or silent commands, dropped or
 * rejected SNMP requests, delays.
 */
package org.crs.routers.emulator.faults;
