package org.crs.bar.api.json;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.map.NetworkMap;
import org.crs.bar.service.AccountService;
import org.crs.bar.service.AuditService;
import org.crs.bar.service.MaintenanceService;
import org.crs.bar.service.OidcSignIn;
import org.crs.bar.service.ReservationFeed;
import org.crs.bar.service.ReservationService;
import org.crs.bar.service.UtilisationService;

/**
 * What the JSON API calls: the BAR's services (the same the SOAP port types call, each taking the
 * caller), and what only the browser needs beside them.
 *
 * @param site this BAR's site
 * @param service the reservation service
 * @param maintenance operators' maintenance windows, moves and cancels
 * @param audit the audit trail, for operators
 * @param utilisation circuits' measured traffic and their flags
 * @param accounts signing in, accounts and their blocks, calendar feeds
 * @param sessions the browser sessions
 * @param map the network the browser draws
 * @param feed the changes the event streams tell
 * @param clock the BAR's clock
 * @param oidc sign-in through the site's identity provider, when one is configured
 */
public record ApiParts(String site, ReservationService service, MaintenanceService maintenance, AuditService audit,
                       UtilisationService utilisation, AccountService accounts, Sessions sessions,
                       NetworkMap map, ReservationFeed feed, Clock clock, Optional<OidcSignIn> oidc) {

    public ApiParts {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(maintenance, "maintenance");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(utilisation, "utilisation");
        Objects.requireNonNull(accounts, "accounts");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(feed, "feed");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(oidc, "oidc");
    }
}
