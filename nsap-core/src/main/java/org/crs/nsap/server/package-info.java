/**
 * Configuration and start-up of one L-NSAP or NSAP: its configuration file, its server on
 * the shared service shell, and the command line the two mains share.
 */
package org.crs.nsap.server;
