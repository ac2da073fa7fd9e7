package org.crs.bar.api.json;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.api.soap.AuditPortType;
import org.crs.bar.api.soap.MaintenancePortType;
import org.crs.bar.api.soap.OperatorPortType;
import org.crs.bar.api.soap.ReservationPortType;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.service.AccountService;
import org.crs.bar.service.OidcSignIn;
import org.crs.bar.service.ReservationFeed;
import org.crs.bar.service.ReservationService;

/**
 * What the JSON API calls: the very port type objects the BAR serves over SOAP, and what only the
 * browser needs beside them.
 *
 * @param site this BAR's site
 * @param service the reservation service (for what the port types do not answer: paths, calendars, the map's load)
 * @param sessions the browser sessions
 * @param map the network the browser draws
 * @param feed the changes the event streams tell
 * @param oidc sign-in through the site's identity provider, when one is configured
 */
public record ApiParts(String site, ReservationService service, ReservationPortType reservations,
                       OperatorPortType operators, MaintenancePortType maintenance, AuditPortType audit,
                       AccountService accounts, Sessions sessions, NetworkMap map, ReservationFeed feed, Clock clock,
                       Optional<OidcSignIn> oidc) {

    public ApiParts {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(reservations, "reservations");
        Objects.requireNonNull(operators, "operators");
        Objects.requireNonNull(maintenance, "maintenance");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(accounts, "accounts");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(feed, "feed");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(oidc, "oidc");
    }
}
