/**
 * "When can I have it?": every start time at which a booking of a given bandwidth and
 * duration fits, within a window of start times, rather than a yes or no for one start.
 *
 * <p>{@link org.crs.domain.availability.ResourceStarts} answers it for one resource from its
 * calendar; {@link org.crs.domain.availability.SlotSearch} combines the links' answers into
 * the answer for a WAN path, the way the all-slots scheduler of UltraScience Net does:
 * start-time sets form a closed semiring with union and intersection, and the set for two
 * routers is a fixpoint over the graph. Answers are {@link
 * org.crs.domain.availability.StartTimes}, sets of start times held as closed windows.
 */
package org.crs.domain.availability;
