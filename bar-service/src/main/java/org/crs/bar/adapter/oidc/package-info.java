/**
 * The site's OpenID provider over HTTP ({@link org.crs.bar.adapter.oidc.OidcClient}, the
 * {@link org.crs.bar.port.IdentityProvider} port): its discovery document and keys
 * ({@link org.crs.bar.adapter.oidc.ProviderMetadata}, {@link org.crs.bar.adapter.oidc.ProviderKeys}),
 * the code exchange with PKCE, and the ID token's checks
 * ({@link org.crs.bar.adapter.oidc.IdTokenVerifier}, nimbus-jose-jwt).
 */
package org.crs.bar.adapter.oidc;
