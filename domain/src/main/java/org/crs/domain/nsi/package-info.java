/**
 * NSI CS 2.0 facts as values: the three state machines' states with their wire names, the
 * error ids peers send and expect, and STP identifiers with their VLAN labels
 * (docs/nsi.md). Pure; the wire format itself lives in the nsi-contract module.
 */
package org.crs.domain.nsi;
