/**
 * The dry-run driver: it configures nothing, writes what the family's driver would send to
 * the device log marked as not sent, and answers from its own record, so that a site runs
 * every service end to end on routers CRS cannot drive.
 */
package org.crs.routers.driver.dryrun;
