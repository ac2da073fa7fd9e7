package org.crs.bar.port;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The webhooks accounts registered. */
public interface WebhookStore {

    void add(Webhook webhook);

    /** An account's webhooks, oldest first. */
    List<Webhook> of(String account);

    Optional<Webhook> find(String id);

    /** @return whether the account had a webhook of that id (now removed) */
    boolean remove(String account, String id);

    /**
     * Where an account's events are POSTed, and the secret they are signed with.
     *
     * @param secret never logged and answered only when the webhook is registered; {@link #toString()} leaves it out
     */
    record Webhook(String id, String account, String url, String secret, Instant createdAt) {
        public Webhook {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(createdAt, "createdAt");
        }

        @Override
        public String toString() {
            return "Webhook[id=" + id + ", account=" + account + ", url=" + url + ", createdAt=" + createdAt + "]";
        }
    }
}
