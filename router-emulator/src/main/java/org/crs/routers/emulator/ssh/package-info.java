/**
 * The SSH front end of an emulated router: login, privilege levels and the IOS shell.
 */
package org.crs.routers.emulator.ssh;
