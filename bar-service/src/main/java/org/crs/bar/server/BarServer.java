package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

import javax.security.auth.x500.X500Principal;
import javax.sql.DataSource;

import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcAuditLog;
import org.crs.bar.adapter.jdbc.JdbcBrowserSessions;
import org.crs.bar.adapter.jdbc.JdbcNotificationStore;
import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.adapter.jdbc.JdbcThrottleCounts;
import org.crs.bar.adapter.jdbc.JdbcWebhookStore;
import org.crs.bar.adapter.mail.SmtpMailTransport;
import org.crs.bar.adapter.mail.TemplateFolder;
import org.crs.bar.adapter.webhook.HttpWebhookTransport;
import org.crs.bar.api.soap.AccountPortType;
import org.crs.bar.api.soap.AuditPortType;
import org.crs.bar.api.soap.BarAuthenticator;
import org.crs.bar.api.soap.MaintenancePortType;
import org.crs.bar.api.soap.NotificationPortType;
import org.crs.bar.api.soap.OperatorPortType;
import org.crs.bar.api.soap.PeerPortType;
import org.crs.bar.api.soap.ReservationPortType;
import org.crs.bar.notify.Notifications;
import org.crs.bar.notify.Notifier;
import org.crs.bar.notify.Webhooks;
import org.crs.bar.nsi.topology.NsaDiscoveryDocument;
import org.crs.bar.port.AccountStore;
import org.crs.bar.port.MaintenanceNotices;
import org.crs.bar.port.NotificationStore;
import org.crs.bar.port.Recipients;
import org.crs.bar.port.ReservationEvents;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.Reservation;
import org.crs.nsap.contract.NsapContract;
import org.crs.bar.service.AccountService;
import org.crs.bar.service.AuditService;
import org.crs.bar.service.UtilisationService;
import org.crs.bar.adapter.jdbc.JdbcUsageFlags;
import org.crs.bar.service.MaintenanceService;
import org.crs.bar.service.ReservationService;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.service.audit.AuditTrail;
import org.crs.service.schedule.Sweep;
import org.crs.service.security.CurrentCall;
import org.crs.service.server.RunningService;
import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceShell;
import org.quartz.JobKey;
import org.crs.bar.api.json.ApiParts;
import org.crs.bar.api.json.JsonApi;
import org.crs.bar.api.json.Sessions;
import org.crs.bar.api.web.BrowserFiles;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.adapter.oidc.OidcClient;
import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.service.OidcSignIn;
import org.crs.bar.service.ReservationFeed;
import org.crs.bar.adapter.jdbc.JdbcReservationCounts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running BAR, on the shell every service shares ({@link ServiceShell}: database, schedule,
 * SOAP endpoint): its reservation service, the sweep that brings reservations up and down on
 * time ({@link ReservationService#runDueWork()} every {@link BarSweeps#DUE_WORK_PERIOD}), the sweep that
 * tells owners about their bookings ({@link Notifier#sweep()} every {@link BarSweeps#NOTIFY_PERIOD}), its
 * accounts and audit trail, and its SOAP port types:
 * <ul>
 * <li>{@code /services/ReservationService}: clients book and manage their reservations;</li>
 * <li>{@code /services/PeerService}: other sites' BARs, and this site's L-NSAP and the NSAP
 * asking about orphans, by certificate;</li>
 * <li>{@code /services/AccountService}: admins manage accounts, accounts their own tokens;</li>
 * <li>{@code /services/OperatorService}, {@code /services/MaintenanceService},
 * {@code /services/AuditService}: operators approve, terminate, block, declare maintenance and
 * read the audit trail;</li>
 * <li>{@code /services/NotificationService}: accounts manage their webhooks.</li>
 * </ul>
 * With {@link Options#withNsi} it also publishes its site's NSI topology and NSA description, and
 * is an NSI provider at {@code /NSI/services/ConnectionProvider} ({@link NsiWiring}).
 * Every call is made by a known caller and may call only what
 * {@link org.crs.domain.access.AccessTable} allows it; every call that changes state is recorded
 * in the audit trail.
 *
 * <p>It is the BAR's wiring, each part made and connected once in {@link #start}, in an order a
 * reader follows top to bottom, plus the URLs tests and tools ask; its sweeps are {@link BarSweeps},
 * the threads it calls on {@link CallPool}.
 */
public final class BarServer extends RunningService {

    private static final Logger LOG = LoggerFactory.getLogger(BarServer.class);

    /** The client port type's service name and namespace. */
    public static final String SERVICE_NAME = "ReservationService";
    public static final String NAMESPACE = "urn:crs:bar:1";
    /** The peer port type's service name and namespace. */
    public static final String PEER_SERVICE_NAME = NsapContract.PEER_SERVICE_NAME;
    public static final String PEER_NAMESPACE = NsapContract.PEER_NAMESPACE;
    /** The account port type's service name and namespace. */
    public static final String ACCOUNT_SERVICE_NAME = "AccountService";
    public static final String ACCOUNT_NAMESPACE = "urn:crs:bar-account:1";
    /** The operators' port type's service name and namespace. */
    public static final String OPERATOR_SERVICE_NAME = "OperatorService";
    public static final String OPERATOR_NAMESPACE = "urn:crs:bar-operator:1";
    /** The operators' maintenance port type's service name and namespace. */
    public static final String MAINTENANCE_SERVICE_NAME = "MaintenanceService";
    public static final String MAINTENANCE_NAMESPACE = "urn:crs:bar-maintenance:1";
    /** The audit port type's service name and namespace. */
    public static final String AUDIT_SERVICE_NAME = "AuditService";
    public static final String AUDIT_NAMESPACE = "urn:crs:bar-audit:1";
    /** The notification port type's service name and namespace. */
    public static final String NOTIFICATION_SERVICE_NAME = "NotificationService";
    public static final String NOTIFICATION_NAMESPACE = "urn:crs:bar-notification:1";

    /** What a BAR is started with beyond its configuration, site, settings and clock. */
    public record Options(Map<X500Principal, Caller> services, AutoCloseable owned, BarPolicy policy,
                          NotificationConfig notifications, NetworkMap map, Optional<OidcSettings> oidc,
                          AccessTable accessTable, Optional<NsiPublication> nsi, Optional<NsiRequester> requester) {
        public Options {
            Objects.requireNonNull(nsi, "nsi");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(accessTable, "accessTable");
            services = Map.copyOf(services);
            Objects.requireNonNull(owned, "owned");
            Objects.requireNonNull(policy, "policy");
            Objects.requireNonNull(notifications, "notifications");
            Objects.requireNonNull(map, "map");
            Objects.requireNonNull(oidc, "oidc");
        }

        public Options(Map<X500Principal, Caller> services, AutoCloseable owned, BarPolicy policy,
                       NotificationConfig notifications) {
            this(services, owned, policy, notifications, NetworkMap.empty(), Optional.empty(), AccessTable.standard(),
                    Optional.empty(), Optional.empty());
        }

        /** No service known by certificate, nothing owned, every booking approved, no mail, an empty map. */
        public static Options defaults(String barName) {
            return new Options(Map.of(), () -> { }, BarPolicy.none(), NotificationConfig.none(barName));
        }

        /** The network the reservation browser draws (the sites' campus and WAN topologies). */
        public Options withMap(NetworkMap other) {
            return new Options(services, owned, policy, notifications, other, oidc, accessTable, nsi, requester);
        }

        /** Sign-in through the site's identity provider (OpenID Connect) in the reservation browser. */
        public Options withOidc(Optional<OidcSettings> other) {
            return new Options(services, owned, policy, notifications, map, other, accessTable, nsi, requester);
        }

        /**
         * The other services the BAR knows by the subject of their client certificate:
         * {@link Caller.PeerBar} for each peer site's BAR, {@link Caller.Controller} for its L-NSAP
         * and the NSAP. Every other caller signs in with an account.
         */
        public Options withServices(Map<X500Principal, Caller> other) {
            return new Options(other, owned, policy, notifications, map, oidc, accessTable, nsi, requester);
        }

        /** Closed when the BAR stops, after the calls under way (the site's controllers, when the BAR made them). */
        public Options withOwned(AutoCloseable other) {
            return new Options(services, other, policy, notifications, map, oidc, accessTable, nsi, requester);
        }

        /** The approval rules and quotas. */
        public Options withPolicy(BarPolicy other) {
            return new Options(services, owned, other, notifications, map, oidc, accessTable, nsi, requester);
        }

        /** How owners are told about their bookings; an owner's mail address is its account's. */
        public Options withNotifications(NotificationConfig other) {
            return new Options(services, owned, policy, other, map, oidc, accessTable, nsi, requester);
        }

        /**
         * The table the BAR decides by, over SOAP and JSON alike; {@link AccessTable#standard()}
         * unless a test starts a BAR with a wrong row to prove the authorisation matrix notices.
         */
        public Options withAccessTable(AccessTable other) {
            return new Options(services, owned, policy, notifications, map, oidc, other, nsi, requester);
        }

        /** This site's NSI documents (NML topology and NSA description), served at {@code /NSI/}; none when empty. */
        public Options withNsi(Optional<NsiPublication> other) {
            return new Options(services, owned, policy, notifications, map, oidc, accessTable, other, requester);
        }

        /** The other networks this BAR books far parts from over NSI, and its requester port; none when empty. */
        public Options withNsiRequester(Optional<NsiRequester> other) {
            return new Options(services, owned, policy, notifications, map, oidc, accessTable, nsi, other);
        }
    }

    private final ReservationService service;
    private final ReservationStore store;
    private final AccountService accounts;
    private final AuditTrail auditTrail;
    private final Notifier notifier;
    private final NotificationStore outbox;
    private final MaintenanceService maintenance;

    private BarServer(ServiceShell shell, ReservationService service, ReservationStore store, AccountService accounts,
                      AuditTrail auditTrail, Notifier notifier, NotificationStore outbox, MaintenanceService maintenance) {
        super(shell, SERVICE_NAME);
        this.service = service;
        this.store = store;
        this.accounts = accounts;
        this.auditTrail = auditTrail;
        this.notifier = notifier;
        this.outbox = outbox;
        this.maintenance = maintenance;
    }

    /**
     * Starts a BAR with {@link Options#defaults}: migrates its database, reconciles reservations
     * a previous run left half done, starts the sweeps and serves its port types.
     *
     * @param site the controllers it negotiates with (its L-NSAP, the NSAP, the peer BARs)
     */
    public static BarServer start(ServerConfig config, Site site, BarSettings settings, Clock clock) throws Exception {
        return start(config, site, settings, clock, Options.defaults(config.name()));
    }

    /** As {@link #start(ServerConfig, Site, BarSettings, Clock)}, with {@code options}. */
    public static BarServer start(ServerConfig config, Site configured, BarSettings settings, Clock clock, Options options)
            throws Exception {
        AtomicReference<ReservationService> service = new AtomicReference<>();
        AtomicReference<ReservationStore> store = new AtomicReference<>();
        AtomicReference<AccountService> accounts = new AtomicReference<>();
        AtomicReference<AuditTrail> trail = new AtomicReference<>();
        AtomicReference<Notifier> notifier = new AtomicReference<>();
        AtomicReference<NotificationStore> outbox = new AtomicReference<>();
        AtomicReference<MaintenanceService> maintenance = new AtomicReference<>();
        AtomicReference<NsiDocuments> nsiDocuments = new AtomicReference<>();
        AtomicReference<URI> replyTo = new AtomicReference<>();
        ServiceShell shell = ServiceShell.start(config, "bar", setUp -> {
            setUp.closeOnStop(options.owned());
            ExecutorService calls = CallPool.start(config.name());
            setUp.closeOnStop(() -> CallPool.shutDown(calls));
            DataSource db = setUp.database().dataSource();
            // The far parts' controllers need the database and tell the service of failed parts.
            FarNetworks far = FarNetworks.wire(options.requester(), configured, db, replyTo::get,
                    () -> CompletableFuture.runAsync(() -> service.get().reconcileWithParts(), calls), clock);
            setUp.closeOnStop(far::close);
            Site site = far.site();
            store.set(new JdbcReservationStore(db));
            AccountStore accountStore = new JdbcAccountStore(db);
            accounts.set(new AccountService(accountStore, new JdbcThrottleCounts(db), clock));
            trail.set(new AuditTrail(db, clock));
            BarAuthenticator authenticator = new BarAuthenticator(accounts.get(), far.callers(options.services()));
            setUp.accessControl(authenticator, options.accessTable());
            setUp.audit(trail.get().calls());

            // Owners are told through the outbox: the recorder's moves, the approvals' events and
            // maintenance's moves and cancels all end in the notifier.
            outbox.set(new JdbcNotificationStore(db));
            JdbcWebhookStore webhooks = new JdbcWebhookStore(db);
            NotificationConfig mail = options.notifications();
            notifier.set(new Notifier(outbox.get(), store.get(), recipients(accountStore), webhooks,
                    new TemplateFolder(mail.templates()), mail.smtp().map(SmtpMailTransport::new),
                    new HttpWebhookTransport(), mail.settings(), clock));
            Notifier told = notifier.get();
            BarPolicy policy = options.policy().withEvents(approvalEvents(told));
            service.set(new ReservationService(store.get(), site, settings, calls, clock, policy.approval(),
                    policy.quotas(), policy.events()));
            service.get().notifyWith(told);
            service.get().measureWith(new BarMetrics(setUp.metrics().registry(), new JdbcReservationCounts(db)::byState));
            ProviderChecks.add(setUp.health(), site);
            maintenance.set(new MaintenanceService(service.get(), store.get(), maintenanceNotices(told)));

            // The BAR serves at once: what a previous run left is finished in the background, and
            // a part that is not reachable yet is tried again as the due work tries every call.
            // A lone BAR takes over all it left at once; a replica leaves the others' work to
            // their leases.
            ReservationService started = service.get();
            CompletableFuture.runAsync(() -> {
                int reconciled = started.reconcile(config.clustered() ? settings.negotiationHold() : Duration.ZERO);
                if (reconciled > 0) {
                    LOG.info("{} took over {} reservation(s) a previous run left under way", config.name(), reconciled);
                }
                started.reconcileWithParts();
            }, calls).exceptionally(e -> {
                LOG.error("{}: reconciliation at start failed", config.name(), e);
                return null;
            });
            // The sweeps only start the work; the work runs on the call executor, off the callers' path.
            setUp.schedule(new Sweep(BarSweeps.DUE_WORK, BarSweeps.DUE_WORK_PERIOD, started::runDueWork));
            setUp.schedule(new Sweep(BarSweeps.RECONCILE, settings.retries().reconcileEvery(),
                    () -> CompletableFuture.runAsync(started::reconcileWithParts, calls)));
            setUp.schedule(new Sweep(BarSweeps.NOTIFY, BarSweeps.NOTIFY_PERIOD,
                    () -> CompletableFuture.runAsync(told::sweep, calls)));

            UtilisationService utilisation = new UtilisationService(store.get(), site, new JdbcUsageFlags(db),
                    started::notifications, clock);
            setUp.schedule(new Sweep(BarSweeps.TRAFFIC_CHECK, BarSweeps.TRAFFIC_CHECK_PERIOD,
                    () -> CompletableFuture.runAsync(utilisation::checkTraffic, calls)));

            ReservationPortType reservations = new ReservationPortType(service.get(), config.name() + "-client",
                    Optional.of(utilisation));
            OperatorPortType operators = new OperatorPortType(service.get(), accounts.get());
            MaintenancePortType maintenancePort = new MaintenancePortType(maintenance.get(), config.name() + "-operator");
            AuditService auditService = new AuditService(new JdbcAuditLog(trail.get()), store.get(), site);
            AuditPortType audit = new AuditPortType(auditService);
            setUp.serve(SERVICE_NAME, NAMESPACE, reservations);
            setUp.serve(PEER_SERVICE_NAME, PEER_NAMESPACE, new PeerPortType(site.campus(), service.get()));
            setUp.serve(ACCOUNT_SERVICE_NAME, ACCOUNT_NAMESPACE, new AccountPortType(accounts.get()));
            setUp.serve(OPERATOR_SERVICE_NAME, OPERATOR_NAMESPACE, operators);
            setUp.serve(MAINTENANCE_SERVICE_NAME, MAINTENANCE_NAMESPACE, maintenancePort);
            setUp.serve(AUDIT_SERVICE_NAME, AUDIT_NAMESPACE, audit);
            setUp.serve(NOTIFICATION_SERVICE_NAME, NOTIFICATION_NAMESPACE,
                    new NotificationPortType(new Webhooks(webhooks, clock), CurrentCall::caller));

            // The reservation browser: its JSON API over the same services, beside the port types, and its pages.
            ReservationFeed feed = setUp.closeOnStop(new ReservationFeed(store.get(), clock));
            Sessions sessions = new Sessions(new JdbcBrowserSessions(db), clock);
            setUp.schedule(new Sweep(BarSweeps.SIGN_IN_SWEEP, BarSweeps.SIGN_IN_SWEEP_PERIOD,
                    () -> CompletableFuture.supplyAsync(
                    () -> sessions.sweep() + accounts.get().sweepThrottle(), calls).exceptionally(e -> {
                        LOG.warn("{}: forgetting ended sessions failed; the next round tries again", config.name(), e);
                        return 0;
                    })));
            setUp.servlet("/api/*", JsonApi.create(new ApiParts(site.name(), service.get(), maintenance.get(),
                    auditService, utilisation, accounts.get(), sessions, options.map(), feed, clock,
                    options.oidc().map(s -> new OidcSignIn(new OidcClient(s, clock), accounts.get(), accountStore, s))),
                    authenticator, options.accessTable(), Optional.of(trail.get().calls())));
            setUp.servlet("/", new BrowserFiles());
            if (options.nsi().isPresent()) { // its documents are made below, once the address they name is known
                NsiWiring.wire(setUp, config, options.nsi().get(), started, settings, calls, clock, authenticator,
                        options.accessTable(), trail.get().calls(), nsiDocuments::get);
            }
            far.requesterPort(authenticator, options.accessTable())
                    .ifPresent(servlet -> setUp.servlet(NsaDiscoveryDocument.REQUESTER_PATH, servlet));
        });
        options.requester().ifPresent(r -> replyTo.set(r.replyTo(shell)));
        if (options.nsi().isPresent()) {
            try {
                nsiDocuments.set(NsiDocuments.of(options.nsi().get(), shell, clock));
            } catch (RuntimeException e) {
                shell.close();
                throw e;
            }
        }
        return new BarServer(shell, service.get(), store.get(), accounts.get(), trail.get(), notifier.get(), outbox.get(),
                maintenance.get());
    }

    /** How long {@code /health} keeps a provider's probe. */
    public static final Duration PROVIDER_PROBE_CACHE = Duration.ofSeconds(10);

    /** An owner's address: its account's, when it has one. */
    static Recipients recipients(AccountStore accounts) {
        return name -> accounts.find(name).map(a -> new Recipients.Recipient(a.name(),
                Optional.of(a.email()).filter(e -> !e.isBlank())));
    }

    /** The approvals' events, told to owners as the notification of the same name. */
    static ReservationEvents approvalEvents(Notifications notifications) {
        return (event, r) -> notifications.notify(NotificationEvent.valueOf(event.name()), r, r.reason());
    }

    /** Moves and cancels for maintenance, told to owners. */
    static MaintenanceNotices maintenanceNotices(Notifications notifications) {
        return new MaintenanceNotices() {
            @Override
            public void moved(Reservation before, Reservation after, String reason) {
                notifications.notify(NotificationEvent.MOVED_BY_MAINTENANCE, after, reason);
            }

            @Override
            public void cancelled(Reservation reservation, String reason) {
                notifications.notify(NotificationEvent.CANCELLED_BY_MAINTENANCE, reservation, reason);
            }
        };
    }

    public ReservationService service() {
        return service;
    }

    public ReservationStore store() {
        return store;
    }

    /** The BAR's accounts: for its command line, the demo's accounts and tests. */
    public AccountService accounts() {
        return accounts;
    }

    /** Where accounts are managed. */
    public URI accountUrl() {
        return shell().serviceUrl(ACCOUNT_SERVICE_NAME);
    }

    /** Where other sites' BARs call this one. */
    public URI peerUrl() {
        return shell().serviceUrl(PEER_SERVICE_NAME);
    }

    /**
     * Where other sites' BARs, and the L-NSAP and NSAP asking about orphans, call this one over
     * TLS with their certificates; empty when the BAR speaks no TLS.
     */
    public Optional<URI> tlsPeerUrl() {
        return shell().tlsServiceUrl(PEER_SERVICE_NAME);
    }

    public URI peerWsdlUrl() {
        return shell().wsdlUrl(PEER_SERVICE_NAME);
    }

    /** The JSON API's base address: {@code http://HOST:PORT/api} (the reservation browser is at the root). */
    public URI apiUrl() {
        return serviceUrl().resolve("/api");
    }

    /** Where operators call this BAR. */
    public URI operatorUrl() {
        return shell().serviceUrl(OPERATOR_SERVICE_NAME);
    }

    public URI operatorWsdlUrl() {
        return shell().wsdlUrl(OPERATOR_SERVICE_NAME);
    }

    /**
     * The BAR's audit trail, on its database: the SOAP layer appends every call that changes
     * state to it; operators read it through the AuditService port type and
     * {@code org.crs.service.audit.AuditMain}.
     */
    public AuditTrail auditTrail() {
        return auditTrail;
    }

    /** Where operators read the audit trail. */
    public URI auditUrl() {
        return shell().serviceUrl(AUDIT_SERVICE_NAME);
    }

    public URI auditWsdlUrl() {
        return shell().wsdlUrl(AUDIT_SERVICE_NAME);
    }

    /** What tells owners about their bookings. */
    public Notifier notifier() {
        return notifier;
    }

    /** The notification outbox. */
    public NotificationStore outbox() {
        return outbox;
    }

    /** Where accounts manage their webhooks. */
    public URI notificationUrl() {
        return shell().serviceUrl(NOTIFICATION_SERVICE_NAME);
    }

    public URI notificationWsdlUrl() {
        return shell().wsdlUrl(NOTIFICATION_SERVICE_NAME);
    }

    public MaintenanceService maintenance() {
        return maintenance;
    }

    /** Where operators declare maintenance windows and move or cancel what they hit. */
    public URI maintenanceUrl() {
        return shell().serviceUrl(MAINTENANCE_SERVICE_NAME);
    }

    public URI maintenanceWsdlUrl() {
        return shell().wsdlUrl(MAINTENANCE_SERVICE_NAME);
    }
}
