package org.crs.bar.notify;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import org.crs.bar.port.MailTemplates;
import org.crs.bar.port.MessageTransport;
import org.crs.bar.port.MessageTransport.DeliveryFailure;
import org.crs.bar.port.MessageTransport.OutgoingMail;
import org.crs.bar.port.NotificationStore;
import org.crs.bar.port.NotificationStore.Channel;
import org.crs.bar.port.NotificationStore.Due;
import org.crs.bar.port.NotificationStore.Message;
import org.crs.bar.port.NotificationStore.Pending;
import org.crs.bar.port.Recipients;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.WebhookStore;
import org.crs.bar.port.WebhookStore.Webhook;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.Reservation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells owners through the outbox, in three steps a sweep runs ({@link #sweep()}):
 * <ol>
 *   <li>{@link #notify} keeps the event (one insert, on the caller's path);</li>
 *   <li>{@link #expandPending()} makes each kept event into its messages: a mail when the owner
 *       has an address and mail is configured, a signed JSON POST for each of the owner's
 *       webhooks; {@link #lookForEndingSoon()} keeps an ENDING_SOON event for each active circuit
 *       that ends within the lead;</li>
 *   <li>{@link #deliverDue()} sends each due message, and after a failure tries it again later,
 *       the pause doubling, until {@code maxAttempts}.</li>
 * </ol>
 * Every step is a conditional write, so two replicas never send a message twice (short of one
 * crashing between the send and its record, when the message goes again: at least once).
 */
public final class Notifier implements Notifications {

    private static final Logger LOG = LoggerFactory.getLogger(Notifier.class);
    private static final int BATCH = 100;
    private static final int MAX_ERROR = 2000;
    /** How often delivered and given-up messages older than {@code keep} are deleted. */
    static final Duration PURGE_EVERY = Duration.ofHours(1);

    private final NotificationStore outbox;
    private final ReservationStore reservations;
    private final Recipients recipients;
    private final WebhookStore webhooks;
    private final MailTemplates templates;
    private final Optional<MessageTransport.Mail> mail;
    private final MessageTransport.Webhook http;
    private final NotificationSettings settings;
    private final Clock clock;
    private final AtomicBoolean sweeping = new AtomicBoolean();
    /** When this BAR last purged; another replica's purge does no harm. Only the sweeping thread reads it. */
    private Instant purged = Instant.MIN;

    /**
     * @param mail how mails go out; empty when the BAR has no mail server configured (events still
     *     reach webhooks)
     */
    public Notifier(NotificationStore outbox, ReservationStore reservations, Recipients recipients, WebhookStore webhooks,
                    MailTemplates templates, Optional<MessageTransport.Mail> mail, MessageTransport.Webhook http,
                    NotificationSettings settings, Clock clock) {
        this.outbox = outbox;
        this.reservations = reservations;
        this.recipients = recipients;
        this.webhooks = webhooks;
        this.templates = templates;
        this.mail = mail;
        this.http = http;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public void notify(NotificationEvent event, Reservation reservation, String reason) {
        try {
            outbox.add(reservation.requestId(), event, reservation.state(), reason == null ? "" : reason, clock.instant());
        } catch (RuntimeException e) {
            // The state change is made and stays: a notification never undoes it.
            LOG.error("could not keep {} of {} to tell its owner", event, reservation.requestId(), e);
        }
    }

    /** One round: expands kept events, looks for circuits that end soon, delivers what is due. Rounds do not overlap. */
    public void sweep() {
        if (!sweeping.compareAndSet(false, true)) {
            return;
        }
        try {
            lookForEndingSoon();
            expandPending();
            deliverDue();
            purgeOld();
        } catch (RuntimeException e) {
            LOG.error("notification round failed; the next round tries again", e);
        } finally {
            sweeping.set(false);
        }
    }

    /** Deletes what was delivered or given up longer than {@code keep} ago, once every {@link #PURGE_EVERY}. */
    void purgeOld() {
        Instant now = clock.instant();
        if (purged.plus(PURGE_EVERY).isAfter(now)) {
            return;
        }
        purged = now;
        int n = outbox.purge(now.minus(settings.keep()));
        if (n > 0) {
            LOG.info("deleted {} notification message(s) delivered or given up before {}", n, now.minus(settings.keep()));
        }
    }

    /** Keeps an ENDING_SOON for each active circuit that ends within the lead. @return how many */
    public int lookForEndingSoon() {
        int n = 0;
        for (String id : outbox.activeEndingBy(clock.instant().plus(settings.endingSoonLead()), BATCH)) {
            Optional<Reservation> r = reservations.find(id);
            if (r.isPresent() && outbox.add(id, NotificationEvent.ENDING_SOON, r.get().state(),
                    "ends at " + r.get().request().interval().end(), clock.instant())) {
                n++;
            }
        }
        return n;
    }

    /** Makes kept events into messages. @return how many events */
    public int expandPending() {
        int n = 0;
        for (Pending p : outbox.unexpanded(BATCH)) {
            try {
                List<Message> messages = reservations.find(p.requestId()).map(r -> messages(p, r)).orElse(List.of());
                if (outbox.expand(p.id(), messages, clock.instant())) {
                    n++;
                }
            } catch (RuntimeException e) {
                // One event that cannot be made into messages (its store read failed) holds up no other.
                LOG.error("could not make {} of {} into messages; trying again next round", p.event(), p.requestId(), e);
            }
        }
        return n;
    }

    /** The messages of one event. */
    List<Message> messages(Pending p, Reservation r) {
        if (p.event() == NotificationEvent.ENDING_SOON && !longerThanLead(r)) {
            return List.of();
        }
        List<Message> out = new ArrayList<>();
        Optional<String> address = mail.isPresent()
                ? recipients.of(r.owner()).flatMap(Recipients.Recipient::email) : Optional.empty();
        address.ifPresent(to -> out.add(mailMessage(p, r, to)));
        for (Webhook w : webhooks.of(r.owner())) {
            String deliveryId = UUID.randomUUID().toString();
            out.add(new Message(deliveryId, Channel.WEBHOOK, w.id(), p.event().name(), Messages.json(p, r, deliveryId),
                    null, null));
        }
        return out;
    }

    private boolean longerThanLead(Reservation r) {
        return Duration.between(r.request().interval().start(), r.request().interval().end())
                .compareTo(settings.endingSoonLead()) > 0;
    }

    private Message mailMessage(Pending p, Reservation r, String to) {
        Messages.Mail m = Messages.mail(templates.text(p.event()), Messages.values(p, r, settings.bookingLink()));
        String ics = null;
        if (Messages.carriesCalendar(p.event())) {
            ics = ICalendar.event(r, settings.sender(),
                    Messages.calendarDescription(r, Messages.link(settings.bookingLink(), r.requestId())), clock.instant());
        }
        return new Message(UUID.randomUUID().toString(), Channel.MAIL, to, m.subject(), m.body(),
                ics == null ? null : ICalendar.FILE_NAME, ics);
    }

    /** Sends what is due. @return how many were delivered */
    public int deliverDue() {
        int n = 0;
        for (Due d : outbox.due(clock.instant(), BATCH)) {
            if (!outbox.claim(d, clock.instant().plus(settings.lease()))) {
                continue;
            }
            int attempt = d.attempts() + 1;
            try {
                send(d.event(), d.message());
                outbox.delivered(d.id(), clock.instant());
                n++;
            } catch (DeliveryFailure | RuntimeException e) {
                String error = clip(e instanceof DeliveryFailure ? e.getMessage() : e.toString());
                if (attempt >= settings.maxAttempts()) {
                    LOG.warn("gave up {} {} {} after {} attempts: {}", d.message().channel(), d.message().deliveryId(),
                            d.message().subject(), attempt, error);
                    outbox.gaveUp(d.id(), clock.instant(), error);
                } else {
                    Instant next = clock.instant().plus(settings.pauseAfter(attempt));
                    LOG.info("{} {} not delivered (attempt {}), trying again at {}: {}", d.message().channel(),
                            d.message().deliveryId(), attempt, next, error);
                    outbox.failed(d.id(), next, error);
                }
            } catch (Removed e) {
                outbox.gaveUp(d.id(), clock.instant(), e.getMessage());
            }
        }
        return n;
    }

    private void send(NotificationEvent event, Message m) throws DeliveryFailure, Removed {
        switch (m.channel()) {
            case MAIL -> mail.orElseThrow(() -> new Removed("mail is no longer configured"))
                    .send(new OutgoingMail(event.name(), m.recipient(), m.subject(), m.body(), m.attachmentName(), m.attachment()));
            case WEBHOOK -> {
                Webhook w = webhooks.find(m.recipient()).orElseThrow(() -> new Removed("the webhook was removed"));
                byte[] body = m.body().getBytes(StandardCharsets.UTF_8);
                Map<String, String> headers = new LinkedHashMap<>();
                headers.put("Content-Type", "application/json; charset=utf-8");
                headers.put(Signature.EVENT_HEADER, m.subject());
                headers.put(Signature.DELIVERY_HEADER, m.deliveryId());
                headers.put(Signature.HEADER, Signature.of(body, w.secret()));
                http.post(w.url(), headers, body);
            }
            default -> throw new IllegalStateException("unknown channel " + m.channel());
        }
    }

    private static String clip(String s) {
        String t = s == null ? "failed" : s;
        return t.length() <= MAX_ERROR ? t : t.substring(0, MAX_ERROR - 1) + "…";
    }

    /** A message whose receiver is gone: it is given up at once. */
    private static final class Removed extends Exception {
        private static final long serialVersionUID = 1L;

        Removed(String message) {
            super(message, null, false, false);
        }
    }
}
