package org.crs.bar.adapter.nsi;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.RequesterMessage;

/**
 * Where the messages the requester port takes go: to the controller call waiting for the result
 * of its request (by correlation id, registered before the request is sent, so that a result
 * that comes before the request's acknowledgment is not lost), else to the controller of the
 * provider that sent it, which takes it when it names one of its connections (a notification, a
 * late result). Shared by the {@link NsiSegmentController}s and the
 * {@link ConnectionRequesterServlet}; safe for any number of threads.
 *
 * <p>Who may send is decided before a message comes here (the requester port asks the service,
 * {@code NsiRequesterAccess}): a configured provider, with its certificate when one is configured,
 * as its own NSA. Here a message is taken only when it answers a correlation id this BAR is
 * waiting on or names a connection this BAR holds at that provider, ids a third party cannot
 * guess.
 */
public final class RequesterCallbacks {

    /** What became of a message the requester port took. */
    public enum Delivery {
        /** Handed to a waiting call or a controller: acknowledge it. */
        TAKEN,
        /** About nothing this BAR waits for or holds at that provider: NSI 00203. */
        UNKNOWN
    }

    /** A controller, told of the messages of its provider that no call waits for. */
    @FunctionalInterface
    public interface Listener {
        /** Takes a message about one of its connections; false when it holds no such connection. */
        boolean take(NsiHeader header, RequesterMessage message);
    }

    /** A result awaited: its correlation id, to send the request with. Close it when done. */
    public final class Pending implements AutoCloseable {
        private final String correlationId;
        private final CompletableFuture<RequesterMessage> result = new CompletableFuture<>();
        private final String providerNsa;

        private Pending(String providerNsa) {
            this.providerNsa = providerNsa;
            this.correlationId = NsiHeader.newCorrelationId();
        }

        public String correlationId() {
            return correlationId;
        }

        /** The result, if it came within {@code wait}. */
        public Optional<RequesterMessage> await(Duration wait) {
            try {
                return Optional.of(result.get(Math.max(1, wait.toMillis()), TimeUnit.MILLISECONDS));
            } catch (TimeoutException e) {
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            } catch (ExecutionException e) {
                throw new IllegalStateException("a result is completed with a message only", e);
            }
        }

        @Override
        public void close() {
            waiting.remove(correlationId, this);
        }
    }

    private final Map<String, Pending> waiting = new ConcurrentHashMap<>();
    private final Map<String, Listener> providers = new ConcurrentHashMap<>();

    /** Takes the messages of provider {@code nsa}. */
    public void listen(String nsa, Listener listener) {
        Objects.requireNonNull(listener, "listener");
        if (providers.putIfAbsent(nsa, listener) != null) {
            throw new IllegalArgumentException("provider " + nsa + " is configured twice");
        }
    }

    /** A new correlation id whose result from provider {@code nsa} is awaited. */
    public Pending expect(String nsa) {
        Pending p = new Pending(nsa);
        waiting.put(p.correlationId, p);
        return p;
    }

    /** Hands on a message of the provider its header names, which was let send it. */
    public Delivery deliver(NsiHeader header, RequesterMessage message) {
        Listener provider = providers.get(header.providerNsa());
        if (provider == null) {
            return Delivery.UNKNOWN;
        }
        Pending pending = waiting.get(header.correlationId());
        // The controller sees every message of its connections (a result moves their state too).
        boolean known = provider.take(header, message);
        if (pending != null && pending.providerNsa.equals(header.providerNsa())) {
            pending.result.complete(message);
            return Delivery.TAKEN;
        }
        return known ? Delivery.TAKEN : Delivery.UNKNOWN;
    }
}
