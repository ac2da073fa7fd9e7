/**
 * Configuration and start-up of one BAR.
 */
package org.crs.bar.server;
