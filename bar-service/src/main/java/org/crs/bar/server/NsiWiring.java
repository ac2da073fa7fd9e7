package org.crs.bar.server;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;
import javax.sql.DataSource;

import org.crs.bar.adapter.jdbc.JdbcNsiCallbackOutbox;
import org.crs.bar.adapter.jdbc.JdbcNsiConnections;
import org.crs.bar.adapter.nsi.HttpNsiCallbackTransport;
import org.crs.bar.adapter.nsi.NsiWireMessages;
import org.crs.bar.api.nsi.documents.NsiDocumentServlet;
import org.crs.bar.api.nsi.provider.NsiProviderServlet;
import org.crs.bar.notify.NsiCallbackSender;
import org.crs.bar.nsi.topology.NsaDiscoveryDocument;
import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.service.NsiProviderService;
import org.crs.bar.service.ReservationService;
import org.crs.domain.access.AccessTable;
import org.crs.service.schedule.Sweep;
import org.crs.service.security.Authenticator;
import org.crs.service.security.CallAudit;
import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceShell;
import org.crs.service.tls.TlsContexts;
import org.quartz.JobKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BAR's NSI parts, made and connected once by {@link BarServer} when the configuration has an
 * {@code nsi} section: the public documents ({@code /NSI/topology.xml}, {@code /NSI/discovery.xml}),
 * the provider service over the BAR's reservation service and the NSI
 * connections' storage, the port at {@code /NSI/services/ConnectionProvider} (with its WSDL and
 * XSDs), the sweep that follows each connection's reservation, and the sender of the callbacks
 * (woken by the stores, and swept), with the BAR's own certificate toward an {@code https://} replyTo.
 */
final class NsiWiring {

    private static final Logger LOG = LoggerFactory.getLogger(NsiWiring.class);

    /** The sweep that compares each live connection with its reservation. */
    static final JobKey FOLLOW = JobKey.jobKey("follow-nsi-connections", "nsi");
    /** How late an NSI notification of the reservation's own moves (up, down, lapsed, ended) is at most. */
    public static final Duration FOLLOW_PERIOD = Duration.ofSeconds(1);
    /**
     * The sweep that delivers the callbacks owed: the backstop for retries and for callbacks
     * another replica owed; a change owing callbacks wakes the sender at once.
     */
    static final JobKey CALLBACKS = JobKey.jobKey("deliver-nsi-callbacks", "nsi");
    public static final Duration CALLBACK_PERIOD = Duration.ofSeconds(1);

    private NsiWiring() {
    }

    /**
     * Wires the provider into {@code setUp}.
     *
     * @param documents the documents and the address they name, made once the shell listens (empty until then)
     */
    static NsiProviderService wire(ServiceShell.SetUp setUp, ServerConfig config, NsiPublication nsi,
                                   ReservationService reservations, BarSettings settings, ExecutorService calls,
                                   Clock clock, Authenticator authenticator, AccessTable table, CallAudit audit,
                                   Supplier<NsiDocuments> documents) throws Exception {
        setUp.servlet(NsaDiscoveryDocument.TOPOLOGY_PATH, new NsiDocumentServlet(
                () -> Optional.ofNullable(documents.get()).map(NsiDocuments::topology)));
        setUp.servlet(NsaDiscoveryDocument.DISCOVERY_PATH, new NsiDocumentServlet(
                () -> Optional.ofNullable(documents.get()).map(NsiDocuments::discovery)));
        DataSource db = setUp.database().dataSource();
        // The stores wake the sender once a change owing callbacks commits; the sender is made after them.
        AtomicReference<NsiCallbackSender> woken = new AtomicReference<>();
        Runnable owed = () -> Optional.ofNullable(woken.get()).ifPresent(NsiCallbackSender::wake);
        JdbcNsiConnections connections = new JdbcNsiConnections(db, owed);
        JdbcNsiCallbackOutbox outbox = new JdbcNsiCallbackOutbox(db, owed);
        NsiWireMessages messages = new NsiWireMessages();
        NsiOutboxPolicy policy = NsiOutboxPolicy.defaults();
        NsiProviderService provider = new NsiProviderService(reservations, connections, outbox, nsi.stps(),
                nsi.requesters(), messages, policy, settings, calls, clock);
        SSLContext tls = config.tls().map(t -> TlsContexts.client(t.settings())).orElse(null);
        HttpNsiCallbackTransport transport = setUp.closeOnStop(new HttpNsiCallbackTransport(
                HttpNsiCallbackTransport.TIMEOUT, tls));
        NsiCallbackSender sender = setUp.closeOnStop(new NsiCallbackSender(outbox, transport, messages, policy, clock));
        woken.set(sender);
        setUp.schedule(new Sweep(FOLLOW, FOLLOW_PERIOD, () -> CompletableFuture.runAsync(() -> {
            try {
                provider.follow();
            } catch (RuntimeException e) {
                LOG.warn("{}: following the NSI connections failed; the next round tries again", config.name(), e);
            }
        }, calls)));
        setUp.schedule(new Sweep(CALLBACKS, CALLBACK_PERIOD, () -> CompletableFuture.runAsync(sender::sweep, calls)));
        NsiProviderServlet servlet = new NsiProviderServlet(provider, messages, authenticator, table, Optional.of(audit),
                () -> Optional.ofNullable(documents.get()).map(NsiDocuments::base));
        for (String path : NsiProviderServlet.paths()) {
            setUp.servlet(path, servlet);
        }
        return provider;
    }
}
