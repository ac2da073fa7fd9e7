/**
 * Who is calling: the credentials a request carries ({@link org.crs.service.security.Credentials}),
 * the port a service implements to say whose they are ({@link org.crs.service.security.Authenticator}),
 * the filter that asks it before any SOAP is parsed ({@link org.crs.service.security.AuthenticationFilter}),
 * and the caller of the call being served ({@link org.crs.service.security.CurrentCall}).
 */
package org.crs.service.security;
