package org.crs.service.tls;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * Where a service speaks TLS: on its {@code listen} port itself, or on a port of its own beside
 * the plain HTTP of {@code listen} (the demo's BARs: plain HTTP for people on 127.0.0.1, TLS
 * for the other services).
 *
 * @param settings the certificates and whether callers must present one
 * @param port empty: the {@code listen} connector speaks TLS; present: a second connector on
 *     this port speaks TLS and {@code listen} stays plain HTTP (0 = any free port)
 */
public record ServerTls(TlsSettings settings, OptionalInt port) {

    public ServerTls {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(port, "port");
        if (port.isPresent() && (port.getAsInt() < 0 || port.getAsInt() > 65535)) {
            throw new IllegalArgumentException("tls.port out of range: " + port.getAsInt());
        }
    }

    /** TLS on the {@code listen} port, nothing in plain HTTP. */
    public static ServerTls onListenPort(TlsSettings settings) {
        return new ServerTls(settings, OptionalInt.empty());
    }

    /** TLS on {@code port} beside the plain HTTP of {@code listen}. */
    public static ServerTls besidePlain(TlsSettings settings, int port) {
        return new ServerTls(settings, OptionalInt.of(port));
    }
}
