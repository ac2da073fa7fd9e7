-- Who may use a BAR: accounts (people and middleware) with a role, the groups (projects,
-- virtual organisations) they belong to, their API tokens and the client certificates mapped
-- to them. Secrets are stored only as hashes: a password as an Argon2id string (parameters and
-- salt in it), a token as the SHA-256 of the token (tokens are long random strings, so a fast
-- hash is enough and a lookup by hash is possible).

CREATE TABLE account (
    name            VARCHAR(100)  NOT NULL PRIMARY KEY,
    role            VARCHAR(20)   NOT NULL,
    email           VARCHAR(320)  NOT NULL,
    password_hash   VARCHAR(300),
    blocked         BOOLEAN       DEFAULT FALSE NOT NULL,
    blocked_reason  VARCHAR(2000) NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT account_role CHECK (role IN ('USER', 'OPERATOR', 'ADMIN'))
);

-- shares_reservations: members see and change each other's reservations.
CREATE TABLE account_group (
    name                 VARCHAR(100)  NOT NULL PRIMARY KEY,
    description          VARCHAR(2000) NOT NULL,
    shares_reservations  BOOLEAN       NOT NULL,
    created_at           TIMESTAMP WITH TIME ZONE NOT NULL
);

-- position orders an account's groups: its first group is the one it books for.
CREATE TABLE group_member (
    group_name  VARCHAR(100) NOT NULL,
    account     VARCHAR(100) NOT NULL,
    position    INTEGER      NOT NULL,
    PRIMARY KEY (group_name, account),
    CONSTRAINT group_member_group FOREIGN KEY (group_name) REFERENCES account_group (name),
    CONSTRAINT group_member_account FOREIGN KEY (account) REFERENCES account (name)
);

CREATE INDEX group_member_account_idx ON group_member (account, position);

CREATE TABLE api_token (
    id          VARCHAR(40)   NOT NULL PRIMARY KEY,
    account     VARCHAR(100)  NOT NULL,
    token_hash  VARCHAR(64)   NOT NULL,
    label       VARCHAR(200)  NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at  TIMESTAMP WITH TIME ZONE,
    CONSTRAINT api_token_account FOREIGN KEY (account) REFERENCES account (name),
    CONSTRAINT api_token_hash_unique UNIQUE (token_hash)
);

CREATE INDEX api_token_account_idx ON api_token (account);

-- A client certificate's subject (RFC 2253, as X500Principal prints it) acting as an account.
CREATE TABLE account_certificate (
    subject     VARCHAR(1000) NOT NULL PRIMARY KEY,
    account     VARCHAR(100)  NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT account_certificate_account FOREIGN KEY (account) REFERENCES account (name)
);

-- The group a reservation is booked for (its owner's first group then), which lets the group's
-- members see it when the group shares reservations. Empty for none.
ALTER TABLE reservation ADD COLUMN group_name VARCHAR(100) DEFAULT '' NOT NULL;
CREATE INDEX reservation_owner_idx ON reservation (owner);
CREATE INDEX reservation_group_idx ON reservation (group_name);
