package org.crs.nsap.soap;

import java.util.Map;
import java.util.Set;

import javax.security.auth.x500.X500Principal;

import org.crs.domain.access.Caller;
import org.crs.service.security.Authentication;
import org.crs.service.security.Authenticator;
import org.crs.service.security.Credentials;

/**
 * Who may call an L-NSAP or the NSAP: the BARs configured for it, each known by the subject of
 * its client certificate (compared as X.500 names). Nobody else: no account, no password, no
 * other certificate, even one signed by the same authority. Which bookings a BAR may act on is
 * the service's decision, by the owner stored with each ({@link org.crs.domain.access.SegmentAccess}).
 */
public final class ServedBars implements Authenticator {

    private final Map<X500Principal, String> sites;

    /** @param sites the site of each BAR, by the subject of its certificate */
    public ServedBars(Map<X500Principal, String> sites) {
        this.sites = Map.copyOf(sites);
    }

    @Override
    public Authentication authenticate(Credentials credentials, String address) {
        if (!(credentials instanceof Credentials.Certificate certificate)) {
            return new Authentication.Refused("this service answers only the BARs configured for it, by their client"
                    + " certificates");
        }
        X500Principal subject = certificate.leaf().getSubjectX500Principal();
        String site = sites.get(subject);
        if (site == null) {
            return new Authentication.Refused("the client certificate is not one of the BARs configured for this service");
        }
        return new Authentication.Authenticated(new Caller.ServedBar(site, subject.getName()));
    }

    /** The sites of the BARs served. */
    public Set<String> sites() {
        return Set.copyOf(sites.values());
    }
}
