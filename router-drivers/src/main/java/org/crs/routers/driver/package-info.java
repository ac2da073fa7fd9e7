/**
 * What the NSAP services ask of a router ({@link org.crs.routers.driver.RouterDriver}), the
 * circuit segments put on it, how it is reached, and what a driver reports back (state,
 * counters, device log, errors). The drivers themselves are in {@code cli} and {@code snmp}.
 */
package org.crs.routers.driver;
