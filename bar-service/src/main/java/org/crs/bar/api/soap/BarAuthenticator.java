package org.crs.bar.api.soap;

import java.util.Map;
import java.util.Objects;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.account.SignIn;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.Caller;
import org.crs.service.security.Authentication;
import org.crs.service.security.Authenticator;
import org.crs.service.security.Credentials;

/**
 * Who calls a BAR: an account by password, API token or a certificate mapped to it
 * ({@link AccountService}); another site's BAR or one of this BAR's L-NSAP and NSAP by the
 * certificate subject its configuration names for it. An Authorization header wins over a
 * certificate.
 */
public final class BarAuthenticator implements Authenticator {

    private final AccountService accounts;
    private final Map<X500Principal, Caller> services;

    /**
     * @param services the callers the BAR knows by certificate subject: {@link Caller.PeerBar}
     *     for each peer site, {@link Caller.Controller} for its L-NSAP and the NSAP
     */
    public BarAuthenticator(AccountService accounts, Map<X500Principal, Caller> services) {
        this.accounts = Objects.requireNonNull(accounts, "accounts");
        this.services = Map.copyOf(services);
    }

    @Override
    public Authentication authenticate(Credentials credentials, String address) {
        SignIn signIn;
        if (credentials instanceof Credentials.Basic basic) {
            signIn = accounts.withPassword(basic.account(), basic.password(), address);
        } else if (credentials instanceof Credentials.Bearer bearer) {
            signIn = accounts.withToken(bearer.token(), address);
        } else if (credentials instanceof Credentials.Certificate certificate) {
            X500Principal subject = certificate.leaf().getSubjectX500Principal();
            Caller service = services.get(subject);
            signIn = service != null ? new SignIn.Known(service)
                    : accounts.withCertificate(subject.getName(X500Principal.CANONICAL));
        } else if (credentials instanceof Credentials.Malformed malformed) {
            signIn = new SignIn.Refused(malformed.problem());
        } else {
            signIn = new SignIn.Refused("no credentials");
        }
        if (signIn instanceof SignIn.Known known) {
            return new Authentication.Authenticated(known.caller());
        }
        if (signIn instanceof SignIn.Throttled throttled) {
            return new Authentication.Throttled(throttled.pause());
        }
        return new Authentication.Refused(((SignIn.Refused) signIn).reason());
    }
}
