package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import javax.security.auth.x500.X500Principal;
import javax.sql.DataSource;

import org.crs.bar.adapter.jdbc.JdbcFarConnections;
import org.crs.bar.adapter.nsi.ConnectionRequesterServlet;
import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.adapter.nsi.NsiSegmentController;
import org.crs.bar.adapter.nsi.RequesterCallbacks;
import org.crs.bar.port.Site;
import org.crs.bar.service.NsiRequesterAccess;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.service.security.Authenticator;

/**
 * The far parts' controllers and the requester port they share, made once the BAR's database is
 * open: one {@link NsiSegmentController} per configured provider, added to the site as the
 * network its endpoints name, and the servlet the providers call back.
 *
 * @param site the site with its far networks
 * @param requester the configured providers; empty without
 * @param callbacks the messages of the requester port, handed to the controllers
 * @param controllers closed when the BAR stops
 */
record FarNetworks(Site site, Optional<NsiRequester> requester, RequesterCallbacks callbacks,
                   List<NsiSegmentController> controllers) implements AutoCloseable {

    /**
     * @param replyTo this BAR's requester port, known once it listens
     * @param partFailed told when a provider reports a part failed
     */
    static FarNetworks wire(Optional<NsiRequester> requester, Site site, DataSource db, Supplier<URI> replyTo,
                            Runnable partFailed, Clock clock) {
        if (requester.isEmpty() || requester.get().providers().isEmpty()) {
            return new FarNetworks(site, Optional.empty(), new RequesterCallbacks(), List.of());
        }
        NsiRequester r = requester.get();
        RequesterCallbacks callbacks = new RequesterCallbacks();
        JdbcFarConnections connections = new JdbcFarConnections(db, clock);
        Map<String, Site.FarNetwork> networks = new HashMap<>(site.farNetworks());
        List<NsiSegmentController> controllers = new java.util.ArrayList<>();
        for (FarProvider p : r.providers()) {
            NsiSegmentController c = new NsiSegmentController(p, r.requesterNsa(), replyTo, r.tlsFor(p).orElse(null),
                    callbacks, connections, partFailed, clock);
            controllers.add(c);
            networks.put(p.site(), new Site.FarNetwork(c, p.handOff()));
        }
        return new FarNetworks(site.withFarNetworks(networks), requester, callbacks, List.copyOf(controllers));
    }

    /**
     * The callers the BAR knows by certificate: {@code services}, and each provider configured with
     * a {@code subject} as a {@link Caller.NsiProvider} of its NSA.
     *
     * @throws IllegalArgumentException naming a provider whose subject is another service's
     */
    Map<X500Principal, Caller> callers(Map<X500Principal, Caller> services) {
        Map<X500Principal, Caller> all = new LinkedHashMap<>(services);
        for (FarProvider p : requester.map(NsiRequester::providers).orElse(List.of())) {
            p.certificate().ifPresent(subject -> {
                Caller before = all.putIfAbsent(subject, new Caller.NsiProvider(p.nsa(), Optional.of(subject.getName())));
                if (before != null) {
                    throw new IllegalArgumentException("the certificate subject " + subject.getName() + " of NSI provider "
                            + p.nsa() + " is already " + before.name() + "'s");
                }
            });
        }
        return all;
    }

    /**
     * The requester port, signing callers in with {@code authenticator} and letting them send as
     * {@link NsiRequesterAccess} decides by {@code table}; empty without providers.
     */
    Optional<ConnectionRequesterServlet> requesterPort(Authenticator authenticator, AccessTable table) {
        return requester.map(r -> {
            Map<String, Optional<String>> providers = new LinkedHashMap<>();
            r.providers().forEach(p -> providers.put(p.nsa(), p.certificate().map(X500Principal::getName)));
            return new ConnectionRequesterServlet(callbacks, r.requesterNsa(), authenticator,
                    new NsiRequesterAccess(table, providers)::refusal);
        });
    }

    @Override
    public void close() {
        controllers.forEach(NsiSegmentController::close);
    }
}
