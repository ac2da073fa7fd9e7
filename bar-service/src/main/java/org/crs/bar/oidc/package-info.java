/**
 * Sign-in through the site's OpenID provider (OpenID Connect, authorization code with PKCE), as
 * values: the {@link org.crs.bar.oidc.OidcSettings settings}, the
 * {@link org.crs.bar.oidc.AuthorizationRequest sign-in in progress} a session keeps between the
 * redirect to the provider and the callback, the {@link org.crs.bar.oidc.OidcIdentity identity}
 * the provider vouched for, and {@link org.crs.bar.oidc.OidcRefused the refusal}. No HTTP here:
 * the provider is reached through {@link org.crs.bar.port.IdentityProvider}, implemented by
 * {@code org.crs.bar.adapter.oidc.OidcClient}; {@code org.crs.bar.service.OidcSignIn} maps an
 * identity to an account.
 */
package org.crs.bar.oidc;
