/**
 * The BAR's accounts: people and middleware with a role and groups, their passwords (Argon2id),
 * API tokens (stored as SHA-256), the client certificates mapped to them, the throttle on failed
 * sign-ins, and the authenticator that turns a request's credentials into a caller
 * ({@link org.crs.bar.account.BarAuthenticator}).
 */
package org.crs.bar.account;
