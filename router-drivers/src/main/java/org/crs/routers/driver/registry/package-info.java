/**
 * The router families by the names the router access file gives them ({@code cisco-7600-cli},
 * {@code cisco-7600-snmp}, {@code cisco-12000-cli}, {@code dry-run}): {@link
 * org.crs.routers.driver.registry.DriverRegistry} makes the driver of each, so that the
 * services know no family. It may use every driver package; none of them uses it.
 */
package org.crs.routers.driver.registry;
