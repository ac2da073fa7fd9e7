package org.crs.bar.api.json;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.crs.bar.api.json.answer.ReservationJson;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.service.ReservationFeed;
import org.crs.domain.access.Caller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One browser's stream of Server-Sent Events ({@code text/event-stream}): an event
 * {@code reservation} with the reservation as JSON for every change of one the caller may see, a
 * comment every {@link #KEEP_ALIVE} so that proxies keep it open, and an end after
 * {@link #LONGEST} (the browser's EventSource connects again by itself).
 */
final class EventStream {

    static final Duration KEEP_ALIVE = Duration.ofSeconds(15);
    static final Duration LONGEST = Duration.ofMinutes(30);
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    private static final ScheduledExecutorService KEEPER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "event-stream-keep-alive");
        t.setDaemon(true);
        return t;
    });

    private final AsyncContext async;
    private final Caller caller;
    private volatile boolean open = true;
    private ReservationFeed.Subscription subscription;
    private ScheduledFuture<?> keepAlive;

    private EventStream(AsyncContext async, Caller caller) {
        this.async = async;
        this.caller = caller;
    }

    /** Starts streaming the changes {@code caller} may see on the call's response. */
    static Answer start(Call call, ReservationFeed feed) throws IOException {
        call.response.setStatus(200);
        call.response.setContentType("text/event-stream; charset=UTF-8");
        call.response.setHeader("Cache-Control", "no-store");
        call.response.setHeader("X-Accel-Buffering", "no");
        AsyncContext async = call.request.startAsync();
        async.setTimeout(LONGEST.toMillis());
        EventStream stream = new EventStream(async, call.context.caller());
        stream.send("retry: 1000\n: the changes of reservations " + call.context.caller().name() + " may see\n\n");
        stream.subscription = feed.subscribe(call.caller(), stream::changed);
        stream.keepAlive = KEEPER.scheduleWithFixedDelay(() -> stream.send(": keep-alive\n\n"),
                KEEP_ALIVE.toMillis(), KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS);
        async.addListener(new jakarta.servlet.AsyncListener() {
            @Override
            public void onComplete(jakarta.servlet.AsyncEvent event) {
                stream.close();
            }

            @Override
            public void onTimeout(jakarta.servlet.AsyncEvent event) {
                stream.close();
                event.getAsyncContext().complete();
            }

            @Override
            public void onError(jakarta.servlet.AsyncEvent event) {
                stream.close();
            }

            @Override
            public void onStartAsync(jakarta.servlet.AsyncEvent event) {
            }
        });
        return new Answer.Streaming();
    }

    private boolean changed(Reservation r) {
        if (!open) {
            return false;
        }
        try {
            String json = Json.MAPPER.writeValueAsString(ReservationJson.of(r));
            return send("event: reservation\nid: " + r.requestId() + "@" + r.updatedAt().toEpochMilli() + "\ndata: " + json
                    + "\n\n");
        } catch (IOException e) {
            LOG.debug("Could not write the event of {}", r.requestId(), e);
            return false;
        }
    }

    /** Writes and flushes; false (and the stream closed) when the browser has gone. */
    private synchronized boolean send(String text) {
        if (!open) {
            return false;
        }
        try {
            ServletOutputStream out = async.getResponse().getOutputStream();
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return true;
        } catch (IOException | IllegalStateException e) {
            LOG.debug("An event stream of {} ended: {}", caller.name(), e.toString());
            close();
            return false;
        }
    }

    private void close() {
        if (!open) {
            return;
        }
        open = false;
        if (subscription != null) {
            subscription.close();
        }
        if (keepAlive != null) {
            keepAlive.cancel(false);
        }
        try {
            async.complete();
        } catch (IllegalStateException e) {
            LOG.trace("The stream was complete already", e);
        }
    }
}
