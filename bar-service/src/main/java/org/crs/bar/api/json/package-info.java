/**
 * The BAR's JSON API for the reservation browser and for scripts: the same port types the SOAP
 * services are (one code path, two encodings), behind the same access table, with browser
 * sessions (cookie and CSRF token), live events and an OpenAPI 3 description at
 * {@code /api/openapi.json}.
 */
package org.crs.bar.api.json;
