/** Half-open intervals of UTC instants, the unit of time of every booking. */
package org.crs.domain.time;
