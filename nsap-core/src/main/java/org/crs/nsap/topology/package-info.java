/**
 * Strict reading of topology files (unknown keys, places and lines in every message), shared
 * by the campus and WAN topology readers.
 */
package org.crs.nsap.topology;
