/**
 * Drivers that configure Cisco IOS routers through their CLI over SSH, one file per device
 * family: {@link org.crs.routers.driver.cli.Cisco7600CliDriver} (campus edge VLAN circuits
 * with a policer) and {@link org.crs.routers.driver.cli.Cisco12000CliDriver} (WAN core
 * EoMPLS pseudowires over TE tunnels).
 *
 * <p>{@link org.crs.routers.driver.cli.CliSession} is the SSH terminal (login, enable, one
 * line at a time, IOS error detection, device log); {@code AbstractCliDriver} holds what the
 * device drivers share: snapshot, resource check, step-by-step apply, undo on failure and
 * read-back, parsing the configuration with {@link org.crs.routers.driver.cli.RunningConfig}.
 * The read-back compares meaning, not text: {@link org.crs.routers.driver.cli.Policer},
 * {@link org.crs.routers.driver.cli.VlanLists} and {@link org.crs.routers.driver.cli.IosLines}
 * read the lines IOS rewrites (policers, VLAN lists, xconnects, TE bandwidth, explicit paths).
 */
package org.crs.routers.driver.cli;
