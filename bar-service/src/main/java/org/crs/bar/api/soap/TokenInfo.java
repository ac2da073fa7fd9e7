package org.crs.bar.api.soap;

import java.util.Calendar;

import org.crs.bar.account.ApiToken;
import org.crs.service.soap.SoapTimes;

/** An API token as listed. Only the answer to createToken carries the token itself, once. */
public class TokenInfo {

    /** A token as the port types answer it, without its secret (static: no bean property, no operation). */
    public static TokenInfo of(ApiToken t) {
        TokenInfo i = new TokenInfo();
        i.setId(t.id());
        i.setLabel(t.label());
        i.setCreatedAt(SoapTimes.calendar(t.createdAt()));
        i.setRevokedAt(t.revokedAt().map(SoapTimes::calendar).orElse(null));
        return i;
    }

    private String id;
    private String label;
    private Calendar createdAt;
    private Calendar revokedAt;
    private String token;

    /** Names it for revocation. */
    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    /** What its owner called it. */
    public String getLabel() {
        return label;
    }

    public void setLabel(String label) {
        this.label = label;
    }

    /** When it was made. */
    public Calendar getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Calendar createdAt) {
        this.createdAt = createdAt;
    }

    /** When it was revoked; absent while it is live. */
    public Calendar getRevokedAt() {
        return revokedAt;
    }

    public void setRevokedAt(Calendar revokedAt) {
        this.revokedAt = revokedAt;
    }

    /** The token, only in the answer to createToken: send it as 'Authorization: Bearer TOKEN'. */
    public String getToken() {
        return token;
    }

    public void setToken(String token) {
        this.token = token;
    }
}
