/**
 * Activation over the router drivers: {@link org.crs.nsap.activation.RouterDirectory} says
 * which driver reaches which router (from a router access file or a running emulator), and
 * {@link org.crs.nsap.activation.DriverActivator} puts a segment's router parts on their
 * routers in parallel, all or nothing, one change at a time per router, keeping the device log.
 */
package org.crs.nsap.activation;
