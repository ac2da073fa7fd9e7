package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.crs.service.schedule.Sweep;
import org.crs.service.server.RunningService;
import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceShell;
import org.quartz.JobKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.Map;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcNotificationStore;
import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.adapter.jdbc.JdbcWebhookStore;
import org.crs.bar.adapter.mail.SmtpMailTransport;
import org.crs.bar.adapter.mail.TemplateFolder;
import org.crs.bar.adapter.webhook.HttpWebhookTransport;
import org.crs.bar.api.soap.NotificationPortType;
import org.crs.bar.notify.Notifier;
import org.crs.bar.notify.Webhooks;
import org.crs.bar.port.AccountStore;
import org.crs.bar.port.NotificationStore;
import org.crs.bar.port.Recipients;
import org.crs.service.security.CurrentCall;
import org.crs.bar.api.soap.AccountPortType;
import org.crs.bar.api.soap.BarAuthenticator;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.Caller;
import org.crs.bar.api.soap.PeerPortType;
import org.crs.bar.api.soap.ReservationPortType;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.service.ReservationService;

/**
 * One running BAR, on the shell every service shares ({@link ServiceShell}: database, schedule,
 * SOAP endpoint): its reservation service, the sweep that brings reservations up and down on
 * time ({@link ReservationService#runDueWork()} every {@link #DUE_WORK_PERIOD}), and two SOAP
 * services: the client port type at {@code /services/ReservationService} and the peer port type
 * for other sites' BARs at {@code /services/PeerService}; and what tells owners about their
 * bookings: the notification sweep ({@link Notifier#sweep()} every {@link #NOTIFY_PERIOD}) and the
 * webhooks' port type at {@code /services/NotificationService}.
 */
public final class BarServer extends RunningService {

    private static final Logger LOG = LoggerFactory.getLogger(BarServer.class);

    /** The client port type's service name and namespace. */
    public static final String SERVICE_NAME = "ReservationService";
    public static final String NAMESPACE = "urn:crs:bar:1";
    /** The peer port type's service name and namespace. */
    public static final String PEER_SERVICE_NAME = "PeerService";
    public static final String PEER_NAMESPACE = "urn:crs:bar-peer:1";

    /** The due work's sweep: how often it runs is the most an activation starts after its time. */
    static final JobKey DUE_WORK = JobKey.jobKey("run-due-work", "reservations");
    public static final Duration DUE_WORK_PERIOD = Duration.ofMillis(250);
    /** The sweep that asks the parts whether they still hold the live reservations. */
    static final JobKey RECONCILE = JobKey.jobKey("reconcile-with-parts", "reservations");

    /** The notification port type's service name and namespace. */
    public static final String NOTIFICATION_SERVICE_NAME = "NotificationService";
    public static final String NOTIFICATION_NAMESPACE = "urn:crs:bar-notification:1";
    /** The sweep that expands and delivers notifications: the most a mail or a webhook POST waits. */
    static final JobKey NOTIFY = JobKey.jobKey("deliver-notifications", "notifications");
    public static final Duration NOTIFY_PERIOD = Duration.ofSeconds(1);

    /** The account port type's service name and namespace. */
    public static final String ACCOUNT_SERVICE_NAME = "AccountService";
    public static final String ACCOUNT_NAMESPACE = "urn:crs:bar-account:1";

    private final ReservationService service;
    private final ReservationStore store;
    private final AccountService accounts;
    private final Notifier notifier;
    private final NotificationStore outbox;

    private BarServer(ServiceShell shell, ReservationService service, ReservationStore store, AccountService accounts,
                      Notifier notifier, NotificationStore outbox) {
        super(shell, SERVICE_NAME);
        this.service = service;
        this.store = store;
        this.accounts = accounts;
        this.notifier = notifier;
        this.outbox = outbox;
    }

    /**
     * Starts a BAR: migrates its database, reconciles reservations a previous run left half done,
     * starts the sweep and serves both port types.
     *
     * @param site the controllers it negotiates with (its L-NSAP, the NSAP, the peer BARs)
     */
    public static BarServer start(ServerConfig config, Site site, BarSettings settings, Clock clock) throws Exception {
        return start(config, site, settings, clock, Map.of(), () -> { });
    }

    /**
     * As {@link #start(ServerConfig, Site, BarSettings, Clock)}, and {@code owned} is closed when
     * the BAR stops, after the calls under way (the site's controllers, when the BAR made them).
     *
     * @param services the other services the BAR knows by the subject of their client
     *     certificate: {@link Caller.PeerBar} for each peer site's BAR, {@link Caller.Controller}
     *     for its L-NSAP and the NSAP. Every other caller signs in with an account.
     */
    public static BarServer start(ServerConfig config, Site site, BarSettings settings, Clock clock,
                                  Map<X500Principal, Caller> services, AutoCloseable owned) throws Exception {
        return start(config, site, settings, clock, services, owned, NotificationConfig.none(config.name()));
    }

    /**
     * As {@link #start(ServerConfig, Site, BarSettings, Clock, Map, AutoCloseable)}, telling owners
     * as {@code notifications} says; an owner's mail address is its account's.
     */
    public static BarServer start(ServerConfig config, Site site, BarSettings settings, Clock clock,
                                  Map<X500Principal, Caller> services, AutoCloseable owned,
                                  NotificationConfig notifications) throws Exception {
        AtomicReference<ReservationService> service = new AtomicReference<>();
        AtomicReference<ReservationStore> store = new AtomicReference<>();
        AtomicReference<AccountService> accounts = new AtomicReference<>();
        AtomicReference<Notifier> notifier = new AtomicReference<>();
        AtomicReference<NotificationStore> outbox = new AtomicReference<>();
        ServiceShell shell = ServiceShell.start(config, "bar", setUp -> {
            setUp.closeOnStop(owned);
            ExecutorService calls = Executors.newCachedThreadPool(threads(config.name()));
            setUp.closeOnStop(() -> shutDown(calls));
            store.set(new JdbcReservationStore(setUp.database().dataSource()));
            AccountStore accountStore = new JdbcAccountStore(setUp.database().dataSource());
            accounts.set(new AccountService(accountStore, clock));
            setUp.accessControl(new BarAuthenticator(accounts.get(), services));
            service.set(new ReservationService(store.get(), site, settings, calls, clock));
            outbox.set(new JdbcNotificationStore(setUp.database().dataSource()));
            JdbcWebhookStore webhooks = new JdbcWebhookStore(setUp.database().dataSource());
            notifier.set(new Notifier(outbox.get(), store.get(), recipients(accountStore), webhooks,
                    new TemplateFolder(notifications.templates()), notifications.smtp().map(SmtpMailTransport::new),
                    new HttpWebhookTransport(), notifications.settings(), clock));
            service.get().notifyWith(notifier.get());
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
            // The sweeps only start the work; the work runs on the call executor.
            setUp.schedule(new Sweep(DUE_WORK, DUE_WORK_PERIOD, started::runDueWork));
            setUp.schedule(new Sweep(RECONCILE, settings.retries().reconcileEvery(),
                    () -> CompletableFuture.runAsync(started::reconcileWithParts, calls)));
            setUp.serve(SERVICE_NAME, NAMESPACE, new ReservationPortType(service.get(), config.name() + "-client"));
            setUp.serve(PEER_SERVICE_NAME, PEER_NAMESPACE, new PeerPortType(site.campus(), service.get()));
            setUp.serve(ACCOUNT_SERVICE_NAME, ACCOUNT_NAMESPACE, new AccountPortType(accounts.get()));
            // Delivery is off the callers' path: a round runs on the call executor.
            Notifier delivering = notifier.get();
            setUp.schedule(new Sweep(NOTIFY, NOTIFY_PERIOD, () -> CompletableFuture.runAsync(delivering::sweep, calls)));
            setUp.serve(NOTIFICATION_SERVICE_NAME, NOTIFICATION_NAMESPACE,
                    new NotificationPortType(new Webhooks(webhooks, clock), CurrentCall::caller));
        });
        return new BarServer(shell, service.get(), store.get(), accounts.get(), notifier.get(), outbox.get());
    }

    /** An owner's address: its account's, when it has one. */
    static Recipients recipients(AccountStore accounts) {
        return name -> accounts.find(name).map(a -> new Recipients.Recipient(a.name(),
                Optional.of(a.email()).filter(e -> !e.isBlank())));
    }

    /** Lets running calls finish for a while, then stops them. */
    private static void shutDown(ExecutorService calls) {
        calls.shutdown();
        try {
            if (!calls.awaitTermination(10, TimeUnit.SECONDS)) {
                calls.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            calls.shutdownNow();
        }
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-calls-" + n.incrementAndGet());
            t.setDaemon(true);
            // Made from request threads, they would inherit the web application's class loader,
            // and Tomcat would warn at stop that the application left threads running.
            t.setContextClassLoader(BarServer.class.getClassLoader());
            return t;
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

    /** Where other sites' BARs call this one. */
    public URI peerUrl() {
        return shell().serviceUrl(PEER_SERVICE_NAME);
    }

    public URI peerWsdlUrl() {
        return shell().wsdlUrl(PEER_SERVICE_NAME);
    }
}
