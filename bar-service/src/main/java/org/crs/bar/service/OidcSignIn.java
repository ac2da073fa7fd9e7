package org.crs.bar.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.account.Account;
import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.oidc.OidcIdentity;
import org.crs.bar.oidc.OidcRefused;
import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.port.AccountStore;
import org.crs.bar.port.IdentityProvider;
import org.crs.bar.reservation.BadRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signing in through the site's OpenID provider: {@link #begin} starts a sign-in,
 * {@link #finish} ends it with the account the provider's identity maps to.
 *
 * <p>The mapping ({@link #accountOf}): the account claim, in lower case, is the account's name.
 * An existing account signs in, unless it is blocked; a name with no account gets one when
 * {@link OidcSettings#createAccounts()} says so (the configured role, no password, the token's
 * e-mail address), and is refused otherwise. The account is then added to each group the group
 * claim names that exists on this BAR (a leading {@code /}, as Keycloak writes group paths, is
 * dropped), in the claim's order, so that the first is a new account's booking group. Groups
 * are never made and memberships never removed here: a group carries quotas, approval rules and
 * whether its members share reservations, which an operator decides, and a group an operator
 * gave the account stays when the provider does not name it.
 *
 * <p>The provider is trusted to name people: whoever it says is {@code alice} signs in as this
 * BAR's account {@code alice}, whatever role that account has. Configure only the site's own
 * provider, whose names are the site's.
 */
public final class OidcSignIn {

    private static final Logger LOG = LoggerFactory.getLogger(OidcSignIn.class);

    private final IdentityProvider provider;
    private final AccountService accounts;
    private final AccountStore store;
    private final OidcSettings settings;

    /**
     * @param provider the site's OpenID provider
     * @param accounts makes accounts and memberships (logged as an admin's would be)
     * @param store reads accounts and groups
     * @param settings which claims name the account and groups, and whether accounts are made
     */
    public OidcSignIn(IdentityProvider provider, AccountService accounts, AccountStore store, OidcSettings settings) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.accounts = Objects.requireNonNull(accounts, "accounts");
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** How long a begun sign-in waits for its callback. */
    public java.time.Duration pendingLifetime() {
        return settings.pendingLifetime();
    }

    /** What the sign-in button says. */
    public String label() {
        return settings.label();
    }

    /**
     * Starts a sign-in that returns to {@code returnTo}: send the browser to
     * {@link AuthorizationRequest#redirect()} and keep the request in its session until the callback.
     *
     * @param returnTo a path of this BAR; {@code /} when null or empty
     * @throws OidcRefused {@code BAD_FIELD returnTo} for anything but a path of this BAR;
     *     {@code PROVIDER_SILENT} when the provider cannot be asked
     */
    public AuthorizationRequest begin(String returnTo) throws OidcRefused {
        String path = returnTo == null || returnTo.isEmpty() ? "/" : returnTo;
        if (!AuthorizationRequest.isLocalPath(path)) {
            throw OidcRefused.badField("returnTo", "must be a path of this BAR (/...)");
        }
        return provider.begin(path);
    }

    /**
     * Finishes the session's sign-in {@code pending} with the callback's {@code code} and
     * {@code state}: the account the provider's identity maps to, ready to sign in
     * ({@link Account#caller()}). Forget {@code pending} whatever the outcome.
     *
     * @throws OidcRefused as {@link IdentityProvider#finish} and {@link #accountOf}
     */
    public Account finish(AuthorizationRequest pending, String code, String state) throws OidcRefused {
        OidcIdentity identity = provider.finish(pending, code, state);
        return accountOf(identity);
    }

    /**
     * The account {@code identity} maps to, made and added to groups as the class comment says.
     *
     * @throws OidcRefused {@code NOT_SIGNED_IN} when the claim is not an account name, the account
     *     is blocked, or it does not exist and none is made
     */
    public Account accountOf(OidcIdentity identity) throws OidcRefused {
        String name = identity.account().strip().toLowerCase(Locale.ROOT);
        if (!AccountService.NAME.matcher(name).matches()) {
            throw OidcRefused.notSignedIn("the provider's " + settings.accountClaim() + " is not an account name of"
                    + " this BAR (a lower-case letter then up to 62 of a-z, 0-9, '.', '_', '-')");
        }
        Account account = existingOrNew(name, identity);
        if (account.blocked()) {
            LOG.info("Refused OpenID sign-in of blocked account '{}'", name);
            throw OidcRefused.notSignedIn("the account " + name + " is blocked");
        }
        boolean joined = false;
        for (String group : groupNames(identity.groups())) {
            if (store.findGroup(group).isPresent() && account.groups().stream().noneMatch(m -> m.group().equals(group))) {
                try {
                    accounts.addMember(AccountService.ADMINISTRATION, group, name);
                    joined = true;
                    LOG.info("Account {} joined group {} at its OpenID sign-in", name, group);
                } catch (BadRequest e) {
                    // It joined meanwhile (another sign-in of the same person): nothing to do.
                }
            }
        }
        if (joined) {
            account = store.find(name).orElseThrow(() -> new IllegalStateException("account " + name + " vanished"));
        }
        LOG.info("OpenID sign-in of account {}", name);
        return account;
    }

    private Account existingOrNew(String name, OidcIdentity identity) throws OidcRefused {
        Optional<Account> found = store.find(name);
        if (found.isPresent()) {
            return found.get();
        }
        if (!settings.createAccounts()) {
            LOG.info("Refused OpenID sign-in of '{}': no such account, and accounts are not made at sign-in", name);
            throw OidcRefused.notSignedIn("there is no account " + name + " on this BAR; ask an administrator for one");
        }
        String email = identity.email().filter(e -> AccountService.EMAIL.matcher(e).matches() && e.length() <= 320)
                .orElse("");
        try {
            Account made = accounts.createAccount(AccountService.ADMINISTRATION, name,
                    settings.newAccountRole().name(), email, null);
            LOG.info("Account {} made at its first OpenID sign-in (subject {})", name, identity.subject());
            return made;
        } catch (BadRequest e) {
            // Made meanwhile by a sign-in of the same person on another request or replica.
            return store.find(name).orElseThrow(() -> OidcRefused.notSignedIn("the account " + name
                    + " could not be made: " + e.reason()));
        }
    }

    /** The claim's group names as this BAR spells groups, each once, in order. */
    private static List<String> groupNames(List<String> claimed) {
        List<String> names = new ArrayList<>();
        for (String g : claimed) {
            String n = g.strip();
            if (n.startsWith("/")) {
                n = n.substring(1);
            }
            if (!n.isEmpty() && !names.contains(n)) {
                names.add(n);
            }
        }
        return names;
    }
}
