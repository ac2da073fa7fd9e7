package org.crs.bar.server;

import java.util.ArrayList;
import java.util.List;

import org.crs.bar.adapter.nsi.NsiSegmentController;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.Site;
import org.crs.service.monitoring.Health;
import org.crs.service.monitoring.Reachability;

/** The BAR's {@code /health} checks of the parts it books from. */
final class ProviderChecks {

    private ProviderChecks() {
    }

    /**
     * A check per provider (the L-NSAP, the NSAP, each peer BAR, each other network's NSI
     * provider): whether its endpoint's port accepts a connection. A connect only, so the probe
     * needs no certificate and changes nothing.
     */
    static void add(Health health, Site site) {
        List<SegmentController> providers = new ArrayList<>(List.of(site.campus(), site.wan()));
        site.peers().keySet().stream().sorted().forEach(peer -> providers.add(site.peers().get(peer)));
        site.farNetworks().keySet().stream().sorted().forEach(far -> providers.add(site.farNetworks().get(far).controller()));
        for (SegmentController provider : providers) {
            if (provider instanceof SoapSegmentController soap) {
                health.add("provider " + provider.name(), BarServer.PROVIDER_PROBE_CACHE, Health.Status.DEGRADED,
                        () -> Reachability.url(soap.serviceUrl(), Reachability.CONNECT_TIMEOUT));
            } else if (provider instanceof NsiSegmentController nsi) {
                health.add("provider " + provider.name(), BarServer.PROVIDER_PROBE_CACHE, Health.Status.DEGRADED,
                        () -> Reachability.url(nsi.provider().providerUrl(), Reachability.CONNECT_TIMEOUT));
            }
        }
    }
}
