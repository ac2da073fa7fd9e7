/**
 * The store ports over JDBC, on HSQLDB or PostgreSQL (schema/nsap): an adapter per port, which
 * share a {@code SegmentDatabase} for connections, retries and locks, and
 * {@link org.crs.nsap.store.JdbcSegmentStore}, every port over one database.
 */
package org.crs.nsap.store;
