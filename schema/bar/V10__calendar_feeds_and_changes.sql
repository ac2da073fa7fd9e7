-- The reservation browser's needs: a personal calendar feed per account, reached by a secret
-- token in its URL (stored as the token's SHA-256, like API tokens; renewing replaces it, so the
-- old URL stops working), and an index for the live feed of changed reservations.

CREATE TABLE calendar_feed (
    account     VARCHAR(100) NOT NULL PRIMARY KEY,
    token_hash  VARCHAR(64)  NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT calendar_feed_token UNIQUE (token_hash)
);

CREATE INDEX reservation_updated_at ON reservation (updated_at);
