package org.crs.bar.api.soap;

import java.util.Calendar;

/** A webhook of the caller's account. */
public class WebhookInfo {

    private String id;
    private String url;
    private String secret;
    private Calendar createdAt;

    /** What removeWebhook takes. */
    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    /** Where the events are POSTed. */
    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    /**
     * The HMAC-SHA256 key of the X-CRS-Signature header: answered by registerWebhook only, and
     * never again (empty in listWebhooks). Keep it where the receiver can check signatures.
     */
    public String getSecret() {
        return secret;
    }

    public void setSecret(String secret) {
        this.secret = secret;
    }

    /** When it was registered, UTC. */
    public Calendar getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Calendar createdAt) {
        this.createdAt = createdAt;
    }
}
