/**
 * VLAN ids: which numbers are VLANs at all, and which of them can carry a circuit.
 */
package org.crs.domain.vlan;
