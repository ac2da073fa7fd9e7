package org.crs.bar.account;

import java.time.Instant;
import java.util.Optional;

/**
 * An API token as listed: never the token itself, which is shown once when created.
 *
 * @param id names it for revocation
 * @param account whose it is
 * @param label what the owner called it
 * @param createdAt when it was made
 * @param revokedAt when it was revoked, if it was
 */
public record ApiToken(String id, String account, String label, Instant createdAt, Optional<Instant> revokedAt) {
}
