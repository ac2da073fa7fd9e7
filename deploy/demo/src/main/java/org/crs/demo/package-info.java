/**
 * The demo: two sites, the NSAP and emulated routers in one process, started from the
 * repository's deploy files, for people to try CRS on one machine.
 */
package org.crs.demo;
