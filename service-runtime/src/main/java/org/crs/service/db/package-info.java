/**
 * Storage plumbing: {@link org.crs.service.db.Database} opens a HikariCP pool on HSQLDB (file or
 * memory, made durable and MVCC) or PostgreSQL, and runs Flyway migrations.
 *
 * <h2>Migration layout</h2>
 * <ul>
 * <li>Source of truth, at the top of the repository: {@code schema/<service>/V<n>__<what>.sql} for
 * SQL that runs unchanged on HSQLDB and PostgreSQL, and
 * {@code schema/<service>/<vendor>/V<n>__<what>.sql} for SQL of one vendor ({@code hsqldb},
 * {@code postgresql}: {@link org.crs.service.db.Vendor#id()}). Version numbers are unique across
 * the neutral files and each vendor folder.</li>
 * <li>The service module copies them onto its class path, the neutral files as
 * {@code db/<service>/common/} and the vendor folders as {@code db/<service>/<vendor>/}, with two
 * Maven resources (see service-runtime/README.md for the snippet).</li>
 * <li>At start-up: {@code db.migrateService("nsap")}, which runs
 * {@code classpath:db/nsap/common} and {@code classpath:db/nsap/{vendor}} (whichever exist) with
 * the history in {@code flyway_schema_history}.</li>
 * <li>The runtime's own tables (Quartz, {@code QRTZ_*}) come from
 * {@code classpath:org/crs/service/schedule/migration/{vendor}} with history
 * {@code crs_quartz_schema_history}, so the two never collide.</li>
 * </ul>
 */
package org.crs.service.db;
