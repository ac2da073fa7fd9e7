package org.crs.bar.notify;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiCallbackOutbox.Due;
import org.crs.bar.port.NsiCallbackTransport;
import org.crs.bar.port.NsiMessageBodies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the callbacks owed to NSI requesters from the outbox, as {@link Notifier} delivers
 * mails and webhooks: each due callback is claimed (leased, so another replica leaves it alone),
 * sent, and recorded; one the requester did not answer is tried again after a pause that doubles,
 * until its deadline ({@link NsiOutboxPolicy}); one it refused, or one past its deadline, is given
 * up, which keeps a messageDeliveryTimeout on its connection. The server runs {@link #sweep()} from
 * a service-runtime {@code Sweep}, off the scheduler's thread.
 *
 * <p>At least once: a replica that crashes between a send and its record leaves the callback to
 * be sent again when its lease ends. A requester reads a repeated confirmation by its correlationId.
 */
public final class NsiCallbackSender {

    private static final Logger LOG = LoggerFactory.getLogger(NsiCallbackSender.class);
    private static final int BATCH = 100;

    private final NsiCallbackOutbox outbox;
    private final NsiCallbackTransport transport;
    private final NsiMessageBodies bodies;
    private final NsiOutboxPolicy policy;
    private final Clock clock;
    private final AtomicBoolean sweeping = new AtomicBoolean();

    public NsiCallbackSender(NsiCallbackOutbox outbox, NsiCallbackTransport transport, NsiMessageBodies bodies,
                             NsiOutboxPolicy policy, Clock clock) {
        this.outbox = Objects.requireNonNull(outbox, "outbox");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.bodies = Objects.requireNonNull(bodies, "bodies");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** One round: delivers what is due. Rounds of one sender do not overlap. */
    public void sweep() {
        if (!sweeping.compareAndSet(false, true)) {
            return;
        }
        try {
            deliverDue();
        } catch (RuntimeException e) {
            LOG.error("NSI callback round failed; the next round tries again", e);
        } finally {
            sweeping.set(false);
        }
    }

    /** Sends what is due. @return how many were delivered */
    public int deliverDue() {
        int delivered = 0;
        for (Due d : outbox.due(clock.instant(), BATCH)) {
            Instant now = clock.instant();
            if (!now.isBefore(d.deadline())) {
                giveUp(d, now, "not delivered by its deadline " + d.deadline());
                continue;
            }
            if (!outbox.claim(d, now.plus(policy.lease()))) {
                continue;
            }
            if (attempt(d)) {
                delivered++;
            }
        }
        return delivered;
    }

    /** One claimed attempt. @return whether it was delivered */
    private boolean attempt(Due d) {
        int attempt = d.attempts() + 1;
        NsiCallbackTransport.Outcome outcome;
        try {
            outcome = transport.send(d.replyTo(), d.kind(), d.envelope());
        } catch (RuntimeException e) {
            outcome = new NsiCallbackTransport.Outcome.NoAnswer(e.toString());
        }
        Instant now = clock.instant();
        if (outcome instanceof NsiCallbackTransport.Outcome.Delivered) {
            outbox.delivered(d.id(), now);
            return true;
        }
        if (outcome instanceof NsiCallbackTransport.Outcome.Refused r) {
            giveUp(d, now, "refused by the requester: " + r.reason());
            return false;
        }
        String reason = ((NsiCallbackTransport.Outcome.NoAnswer) outcome).reason();
        NsiOutboxPolicy.Next next = policy.afterFailure(attempt, now, d.deadline());
        if (next instanceof NsiOutboxPolicy.Next.TryAgain again) {
            LOG.info("NSI {} {} to {} not delivered (attempt {}), trying again at {}: {}", d.kind().operation(),
                    d.correlationId(), d.replyTo(), attempt, again.at(), reason);
            outbox.failed(d.id(), again.at(), reason);
        } else {
            giveUp(d, now, "no answer by its deadline " + d.deadline() + " after " + attempt + " attempts: " + reason);
        }
        return false;
    }

    private void giveUp(Due d, Instant now, String why) {
        if (outbox.gaveUp(d, now, why, bodies)) {
            LOG.warn("gave up NSI {} {} to {}{}: {}", d.kind().operation(), d.correlationId(), d.replyTo(),
                    d.connectionId().map(c -> " of connection " + c).orElse(""), why);
        }
    }
}
