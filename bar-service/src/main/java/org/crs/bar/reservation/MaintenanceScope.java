package org.crs.bar.reservation;

/**
 * Which part of the network a maintenance window's resource belongs to, and so which
 * controller keeps the window: this site's campus (its L-NSAP: host ports, uplinks) or the WAN
 * (the NSAP: links, access points). Window numbers are per scope.
 */
public enum MaintenanceScope {
    /** This site's campus, kept by its L-NSAP. */
    CAMPUS,
    /** The WAN, kept by the NSAP. */
    WAN
}
