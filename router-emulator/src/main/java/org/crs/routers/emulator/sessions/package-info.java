/**
 * What reached one emulated router: each SSH session's open and close and the lines typed in
 * it, and each SNMP SET, in {@link org.crs.routers.emulator.sessions.SessionLog}, so a test can
 * tell whether two configuration sessions ever overlapped on a router, and which session carried
 * which change.
 */
package org.crs.routers.emulator.sessions;
