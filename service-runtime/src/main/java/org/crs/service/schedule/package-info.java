/**
 * Persistent schedule: {@link org.crs.service.schedule.Scheduling} starts a Quartz scheduler whose
 * JDBC job store lives in the service's own database (clustered on PostgreSQL), and schedules
 * one-shot jobs idempotently.
 */
package org.crs.service.schedule;
