/**
 * The JSON door's answers: one record per object the JSON API writes, each built from the
 * service's result by its {@code of(...)}. The OpenAPI document's schemas are made from these
 * records' components, so a schema cannot drift from what is written. Times are
 * {@link java.time.Instant}s, written as ISO-8601 UTC; absent values ({@code null}) are left out.
 */
package org.crs.bar.api.json.answer;
