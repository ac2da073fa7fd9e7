package org.crs.domain.reservation;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An end of a circuit as clients name it: {@code site:host}, for example {@code site-a:host-a1}.
 *
 * @param site the site, as the NSAP names its access point
 * @param host the end-host, as the site's L-NSAP names its port
 */
public record Endpoint(String site, String host) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    public Endpoint {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(host, "host");
        if (!NAME.matcher(site).matches() || !NAME.matcher(host).matches()) {
            throw new IllegalArgumentException("not a site:host endpoint: " + site + ":" + host);
        }
    }

    /**
     * Reads {@code site:host}.
     *
     * @throws IllegalArgumentException saying what is wrong with the text
     */
    public static Endpoint parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("an endpoint is site:host, and none was given");
        }
        int colon = text.indexOf(':');
        if (colon < 0 || colon != text.lastIndexOf(':')) {
            throw new IllegalArgumentException("an endpoint is site:host with one ':', not '" + text + "'");
        }
        String site = text.substring(0, colon);
        String host = text.substring(colon + 1);
        if (!NAME.matcher(site).matches()) {
            throw new IllegalArgumentException("site '" + site + "' of '" + text
                    + "' must be 1 to 100 letters, digits, '.', '_' or '-'");
        }
        if (!NAME.matcher(host).matches()) {
            throw new IllegalArgumentException("host '" + host + "' of '" + text
                    + "' must be 1 to 100 letters, digits, '.', '_' or '-'");
        }
        return new Endpoint(site, host);
    }

    @Override
    public String toString() {
        return site + ":" + host;
    }
}
