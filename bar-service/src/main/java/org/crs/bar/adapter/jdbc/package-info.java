/**
 * The BAR's stores on HSQLDB or PostgreSQL (schema/bar): the reservation store (one adapter per
 * port over one {@code ReservationDatabase}), accounts, the audit log, the notification outbox,
 * webhooks, usage flags, and NSI connections with their callback outbox.
 */
package org.crs.bar.adapter.jdbc;
