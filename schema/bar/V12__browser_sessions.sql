-- What a BAR's browsers and sign-ins need between requests, kept in the database so that any
-- replica serves them and a restart keeps people signed in (docs/security.md).
--
-- A browser session: named by the SHA-256 of its cookie's value, never the value itself, so a
-- copy of this table cannot be replayed; the CSRF token is derived from the cookie's value and
-- is not stored. last_used_at is moved forward at most once a minute, so that most requests
-- only read their row.
CREATE TABLE browser_session (
    id_hash       CHAR(64)      NOT NULL PRIMARY KEY,
    account       VARCHAR(100)  NOT NULL,
    opened_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    last_used_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX browser_session_account_idx ON browser_session (account);
CREATE INDEX browser_session_last_used_idx ON browser_session (last_used_at);

-- A sign-in at the site's OpenID provider between the redirect and the callback, named by the
-- SHA-256 of its cookie's value; taken (deleted) by the callback whatever its outcome. state,
-- nonce and the PKCE verifier are single-use and lapse at expires_at (10 minutes by default).
CREATE TABLE oidc_sign_in (
    id_hash        CHAR(64)       NOT NULL PRIMARY KEY,
    redirect       VARCHAR(8000)  NOT NULL,
    state          VARCHAR(200)   NOT NULL,
    nonce          VARCHAR(200)   NOT NULL,
    code_verifier  VARCHAR(200)   NOT NULL,
    return_to      VARCHAR(2048)  NOT NULL,
    started_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at     TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX oidc_sign_in_expires_idx ON oidc_sign_in (expires_at);

-- The login throttle's failed sign-ins, per account and per address (org.crs.bar.account.LoginThrottle).
-- key_hash is the SHA-256 of "account:<name>" or "address:<address>", so a name typed by
-- mistake (a password in the name field) is not kept readable.
CREATE TABLE sign_in_failure (
    key_hash    CHAR(64)  NOT NULL PRIMARY KEY,
    failures    INTEGER   NOT NULL,
    first_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    last_at     TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX sign_in_failure_last_idx ON sign_in_failure (last_at);
