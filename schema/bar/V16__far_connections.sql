-- The NSI connections this BAR requested from other networks' providers (docs/nsi.md, "The
-- requester"): one per FAR_NETWORK segment, by its booking id, so that after a restart the
-- segment's calls (commit, provision, release, terminate, status) find the provider's connection
-- id again. The segment's state stays in the reservation; this is only the name it has there.
CREATE TABLE far_connection (
    booking_id      VARCHAR(200)  NOT NULL PRIMARY KEY,
    provider_nsa    VARCHAR(255)  NOT NULL,
    connection_id   VARCHAR(255)  NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT far_connection_at_provider UNIQUE (provider_nsa, connection_id)
);
