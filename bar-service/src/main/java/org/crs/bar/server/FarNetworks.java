package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.crs.bar.adapter.jdbc.JdbcFarConnections;
import org.crs.bar.adapter.nsi.ConnectionRequesterServlet;
import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.adapter.nsi.NsiSegmentController;
import org.crs.bar.adapter.nsi.RequesterCallbacks;
import org.crs.bar.port.Site;

/**
 * The far parts' controllers and the requester port they share, made once the BAR's database is
 * open: one {@link NsiSegmentController} per configured provider, added to the site as the
 * network its endpoints name, and the servlet the providers call back.
 *
 * @param site the site with its far networks
 * @param servlet the requester port; empty without providers
 * @param controllers closed when the BAR stops
 */
record FarNetworks(Site site, Optional<ConnectionRequesterServlet> servlet, List<NsiSegmentController> controllers)
        implements AutoCloseable {

    /**
     * @param replyTo this BAR's requester port, known once it listens
     * @param partFailed told when a provider reports a part failed
     */
    static FarNetworks wire(Optional<NsiRequester> requester, Site site, DataSource db, Supplier<URI> replyTo,
                            Runnable partFailed, Clock clock) {
        if (requester.isEmpty() || requester.get().providers().isEmpty()) {
            return new FarNetworks(site, Optional.empty(), List.of());
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
        return new FarNetworks(site.withFarNetworks(networks),
                Optional.of(new ConnectionRequesterServlet(callbacks, r.requesterNsa())), List.copyOf(controllers));
    }

    @Override
    public void close() {
        controllers.forEach(NsiSegmentController::close);
    }
}
