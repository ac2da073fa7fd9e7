/** Half-open intervals of UTC instants, the unit of time of every booking; the backoff between retries. */
package org.crs.domain.time;
