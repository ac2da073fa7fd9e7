/**
 * Emulated Cisco routers for tests and the demo: the emulator, its inventory file, one
 * emulated router, and the router access file it writes for the services.
 */
package org.crs.routers.emulator;
