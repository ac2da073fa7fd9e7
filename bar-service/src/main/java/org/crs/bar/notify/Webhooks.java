package org.crs.bar.notify;

import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.bar.port.WebhookStore;
import org.crs.bar.port.WebhookStore.Webhook;
import org.crs.bar.reservation.BadRequest;

/**
 * An account's own webhooks: it registers a URL and gets a secret the BAR makes, shown this once;
 * it lists and removes them. Only an account has webhooks; each sees and removes only its own.
 */
public final class Webhooks {

    /** The most webhooks one account keeps: every event is POSTed to each. */
    public static final int MAX_PER_ACCOUNT = 10;
    /** The longest URL accepted (the column's width). */
    public static final int MAX_URL = 2000;
    /** http or https, a host (no user or password), an optional port and path; no fragment. */
    private static final Pattern URL = Pattern.compile("https?://[A-Za-z0-9.\\-\\[\\]:]+(/[^\\s#]*)?");

    private final WebhookStore store;
    private final Clock clock;

    public Webhooks(WebhookStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /**
     * Registers a webhook of the caller's.
     *
     * @return it, with its secret: the only time the secret is answered
     * @throws BadRequest NOT_SIGNED_IN when the caller is no account; BAD_FIELD {@code url} for a
     *     URL that is not http(s) with a host; POLICY {@code url} when the account has
     *     {@link #MAX_PER_ACCOUNT} already
     */
    public Webhook register(Caller caller, String url) throws BadRequest {
        String account = account(caller);
        String u = url == null ? "" : url.trim();
        if (u.isEmpty()) {
            throw new BadRequest("url", "is missing");
        }
        if (u.length() > MAX_URL || !URL.matcher(u).matches()) {
            throw new BadRequest("url", "must be an http:// or https:// URL with a host and no user or password");
        }
        if (store.of(account).size() >= MAX_PER_ACCOUNT) {
            throw new BadRequest(new Refusal(RefusalCode.POLICY, "url", "an account keeps at most " + MAX_PER_ACCOUNT
                    + " webhooks; remove one first"));
        }
        Webhook w = new Webhook(UUID.randomUUID().toString(), account, u, Signature.newSecret(), clock.instant());
        store.add(w);
        return w;
    }

    /** The caller's webhooks, oldest first; their secrets are for signing, not for answers. */
    public List<Webhook> list(Caller caller) throws BadRequest {
        return store.of(account(caller));
    }

    /** @return whether the caller had a webhook of that id (now removed) */
    public boolean remove(Caller caller, String id) throws BadRequest {
        String account = account(caller);
        if (id == null || id.isBlank()) {
            throw new BadRequest("id", "is missing");
        }
        return store.remove(account, id.trim());
    }

    private static String account(Caller caller) throws BadRequest {
        if (caller instanceof Caller.Account a) {
            return a.name();
        }
        throw new BadRequest(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "webhooks belong to accounts: sign in with one"));
    }
}
