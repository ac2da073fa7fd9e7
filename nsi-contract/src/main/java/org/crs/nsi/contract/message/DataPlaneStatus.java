package org.crs.nsi.contract.message;

/**
 * Whether the circuit carries traffic.
 *
 * @param active whether it is up
 * @param version the criteria version it is up with
 * @param versionConsistent whether every part runs that version (always true for one provider)
 */
public record DataPlaneStatus(boolean active, int version, boolean versionConsistent) {
}
