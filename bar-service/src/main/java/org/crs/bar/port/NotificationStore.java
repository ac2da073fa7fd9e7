package org.crs.bar.port;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.domain.reservation.ReservationState;
import org.crs.bar.reservation.NotificationEvent;

/**
 * The notification outbox: the events the BAR tells owners about and the messages each becomes,
 * kept until they are delivered (or given up), so that a restart or an outage loses none. Every
 * method is one transaction.
 */
public interface NotificationStore {

    /** How a message goes out. */
    enum Channel { MAIL, WEBHOOK }

    /**
     * Keeps an event to tell. An event a reservation has once ({@link NotificationEvent#once()})
     * is kept once: a second one is dropped.
     *
     * @param state the reservation's state when it happened
     * @return whether it was kept (false: the reservation had that event already)
     */
    boolean add(String requestId, NotificationEvent event, ReservationState state, String reason, Instant at);

    /** Events not yet made into messages, oldest first. */
    List<Pending> unexpanded(int limit);

    /**
     * Stores an event's messages, each due at once, and marks it expanded, if it is not yet
     * (another replica may have done it).
     *
     * @return whether this caller expanded it
     */
    boolean expand(long notificationId, List<Message> messages, Instant at);

    /** Messages neither delivered nor given up whose next attempt is due at {@code now}, soonest first. */
    List<Due> due(Instant now, int limit);

    /**
     * Takes a message's next attempt, if its next attempt is still {@code due.nextAttemptAt()}:
     * leases it until {@code leaseUntil} and counts the attempt.
     *
     * @return whether this caller got it
     */
    boolean claim(Due due, Instant leaseUntil);

    /** The receiver took it. */
    void delivered(long id, Instant at);

    /** It failed; try again at {@code next}. {@code error} holds no secret. */
    void failed(long id, Instant next, String error);

    /** It failed for the last time. */
    void gaveUp(long id, Instant at, String error);

    /**
     * ACTIVE reservations ending at or before {@code by} that have no {@link NotificationEvent#ENDING_SOON} yet.
     */
    List<String> activeEndingBy(Instant by, int limit);

    /**
     * Deletes the messages delivered or given up before {@code before}; the events stay (they
     * remember which once-only events a reservation had).
     *
     * @return how many messages were deleted
     */
    int purge(Instant before);

    /** A reservation's messages, oldest first, for operators and tests. */
    List<Delivery> deliveries(String requestId);

    /** An event kept to tell. */
    record Pending(long id, String requestId, NotificationEvent event, ReservationState state, String reason,
                   Instant occurredAt) {
        public Pending {
            Objects.requireNonNull(requestId, "requestId");
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(occurredAt, "occurredAt");
        }
    }

    /**
     * One message.
     *
     * @param deliveryId what its receiver sees (a webhook's deliveryId)
     * @param recipient a mail address, or a webhook's id
     * @param subject a mail's subject; the event's name for a webhook
     * @param body a mail's text, or a webhook's JSON
     * @param attachmentName an attachment's file name, or null
     * @param attachment an attachment's text (an iCalendar event), or null
     */
    record Message(String deliveryId, Channel channel, String recipient, String subject, String body,
                   String attachmentName, String attachment) {
        public Message {
            Objects.requireNonNull(deliveryId, "deliveryId");
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(recipient, "recipient");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(body, "body");
        }
    }

    /** A message of an event to try now, the {@code attempts}+1st time. */
    record Due(long id, NotificationEvent event, Message message, int attempts, Instant nextAttemptAt) {
    }

    /**
     * A message and how far it got.
     *
     * @param deliveredAt when it was delivered, or null
     * @param gaveUpAt when it was given up, or null
     * @param lastError why its last attempt failed, or null
     */
    record Delivery(long id, NotificationEvent event, Message message, int attempts, Instant deliveredAt,
                    Instant gaveUpAt, String lastError) {
    }
}
