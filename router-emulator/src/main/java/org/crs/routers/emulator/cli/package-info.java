/**
 * The IOS command language of the emulated routers: parsing, modes, configuration and show
 * commands, and IOS's own error texts.
 */
package org.crs.routers.emulator.cli;
