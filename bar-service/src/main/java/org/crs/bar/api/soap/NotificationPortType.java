package org.crs.bar.api.soap;

import java.util.function.Supplier;

import org.crs.domain.access.Caller;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;
import org.crs.bar.notify.Webhooks;
import org.crs.bar.port.WebhookStore.Webhook;
import org.crs.bar.reservation.BadRequest;

/**
 * The BAR's notification port type ({@code /services/NotificationService}, namespace
 * {@code urn:crs:bar-notification:1}): an account's own webhooks, to which the BAR POSTs its
 * reservations' events as signed JSON (docs/security.md). Each operation acts on
 * the calling account's webhooks only.
 */
public class NotificationPortType {

    private final Webhooks webhooks;
    private final Supplier<Caller> caller;

    /**
     * @param caller who is calling, read on the request's thread
     */
    public NotificationPortType(Webhooks webhooks, Supplier<Caller> caller) {
        this.webhooks = webhooks;
        this.caller = caller;
    }

    /**
     * Registers a webhook: every event of the caller's reservations is POSTed to {@code url}
     * (http or https) with the header {@code X-CRS-Signature: sha256=<hex HMAC-SHA256 of the body>}
     * keyed with the answer's secret. The secret is answered here only: keep it.
     */
    public WebhookInfo registerWebhook(String url) throws ServiceFault {
        try {
            return info(webhooks.register(caller.get(), url), true);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** The caller's webhooks, oldest first, without their secrets. */
    public WebhookInfo[] listWebhooks() throws ServiceFault {
        try {
            return webhooks.list(caller.get()).stream().map(w -> info(w, false)).toArray(WebhookInfo[]::new);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Removes one of the caller's webhooks; false when the caller has none of that id. */
    public boolean removeWebhook(String id) throws ServiceFault {
        try {
            return webhooks.remove(caller.get(), id);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    private static WebhookInfo info(Webhook w, boolean withSecret) {
        WebhookInfo info = new WebhookInfo();
        info.setId(w.id());
        info.setUrl(w.url());
        info.setSecret(withSecret ? w.secret() : "");
        info.setCreatedAt(SoapTimes.calendar(w.createdAt()));
        return info;
    }

    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.field().isEmpty() ? e.refusal() : e.refusal().withMessage(e.field() + ": " + e.reason()));
    }
}
