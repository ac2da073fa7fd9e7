package org.crs.bar.nsi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Which NSA ids each account may act as on the provider port ({@code nsi.requesters}): a request
 * whose header names another requester NSA than one mapped to the signed-in account is refused
 * {@code 00302}.
 *
 * @param accountOfNsa the account of each requester NSA id
 */
public record NsiRequesters(Map<String, String> accountOfNsa) {

    public NsiRequesters {
        accountOfNsa = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(accountOfNsa));
        accountOfNsa.forEach((nsa, account) -> {
            Objects.requireNonNull(nsa, "nsa");
            Objects.requireNonNull(account, "account");
        });
    }

    /** No requester may call. */
    public static NsiRequesters none() {
        return new NsiRequesters(Map.of());
    }

    /** Whether {@code account} may act as {@code requesterNsa}. */
    public boolean allows(String account, String requesterNsa) {
        return account.equals(accountOfNsa.get(requesterNsa));
    }
}
