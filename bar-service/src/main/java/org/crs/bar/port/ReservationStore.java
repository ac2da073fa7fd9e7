package org.crs.bar.port;

/**
 * Where a BAR keeps its reservations, the work under way on them and the follow-up calls it
 * owes: every reservation port in one, as the services are wired with one store. The service
 * owns these interfaces; the JDBC adapters implement them (org.crs.bar.adapter.jdbc).
 */
public interface ReservationStore extends Reservations, WorkQueue, FollowUps {
}
