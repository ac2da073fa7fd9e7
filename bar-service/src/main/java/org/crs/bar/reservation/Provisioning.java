package org.crs.bar.reservation;

/**
 * When a committed reservation's circuit is up.
 *
 * <ul>
 *   <li>{@link #AUTOMATIC}: from its start to its end, brought up and taken down by the BAR on
 *       time with nobody asking (every reservation booked before NSI, and the default);</li>
 *   <li>{@link #ON_PROVISION}: only while it is provisioned and now is inside its schedule (an
 *       NSI connection): a provision before the start means "up at the start", a provision
 *       inside the schedule brings it up at once, a release takes it down and keeps the booking.
 *       One never provisioned ends FINISHED at its end without ever coming up.</li>
 * </ul>
 */
public enum Provisioning {
    /** Up from its start to its end. */
    AUTOMATIC,
    /** Up only while provisioned, within its schedule. */
    ON_PROVISION
}
