package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import org.crs.bar.api.nsi.documents.NsiDocument;
import org.crs.bar.nsi.topology.NmlTopologyDocument;
import org.crs.bar.nsi.topology.NsaDiscoveryDocument;
import org.crs.service.server.ServiceShell;

/**
 * The two NSI documents of a started BAR, made once: nothing in them changes while it runs (the
 * topology is read at start), so both carry the start time as their version.
 *
 * @param topology the NML topology, {@code /NSI/topology.xml}
 * @param discovery the NSA description, {@code /NSI/discovery.xml}
 * @param base where peers reach the BAR ({@code scheme://host:port}), the address both name
 */
record NsiDocuments(NsiDocument topology, NsiDocument discovery, URI base) {

    /**
     * @param shell the started shell: its TLS address (or its plain one without TLS) is where peers
     *     reach the BAR unless {@code nsi.url} says otherwise
     */
    static NsiDocuments of(NsiPublication nsi, ServiceShell shell, Clock clock) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        URI base = base(nsi, shell);
        String topology = NmlTopologyDocument.write(nsi.stps(), now);
        String discovery = NsaDiscoveryDocument.write(new NsaDiscoveryDocument.Description(nsi.stps(), base.toString(),
                softwareVersion(), now));
        return new NsiDocuments(new NsiDocument(topology, now), new NsiDocument(discovery, now), base);
    }

    /** Where peers reach the BAR: {@code nsi.url}, else its TLS address, else its plain one ({@code scheme://host:port}). */
    static URI base(NsiPublication nsi, ServiceShell shell) {
        return nsi.url().orElseGet(() -> {
            URI service = shell.tlsServiceUrl(BarServer.SERVICE_NAME).orElse(shell.serviceUrl(BarServer.SERVICE_NAME));
            return URI.create(service.getScheme() + "://" + service.getRawAuthority());
        });
    }

    /** {@code CRS <version>} from the jar's manifest, or {@code CRS development} when run from classes. */
    static String softwareVersion() {
        return "CRS " + Optional.ofNullable(BarServer.class.getPackage().getImplementationVersion()).orElse("development");
    }
}
