package org.crs.domain.access;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Who a call comes from, as authentication established it. Accounts are people and middleware
 * (by password, API token or a certificate mapped to the account); the other kinds are services
 * known by the subject of their certificate. {@link Process} is the serving process itself (its
 * due work and sweeps, and every call of a server without access control): it never comes
 * through a door, and the access table lets it in nowhere.
 */
public sealed interface Caller {

    /** Its column in the access table. */
    CallerKind kind();

    /** How histories and the audit trail name it: the account, or the service and its site. */
    String name();

    /** No credentials. */
    record Anonymous() implements Caller {
        @Override
        public CallerKind kind() {
            return CallerKind.ANONYMOUS;
        }

        @Override
        public String name() {
            return "anonymous";
        }
    }

    /**
     * An account.
     *
     * @param name the account name
     * @param role what it may do
     * @param groups the groups it belongs to, each with whether members share reservations
     */
    record Account(String name, Role role, List<Membership> groups) implements Caller {
        public Account {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(role, "role");
            groups = List.copyOf(groups);
        }

        @Override
        public CallerKind kind() {
            return switch (role) {
                case USER -> CallerKind.USER;
                case OPERATOR -> CallerKind.OPERATOR;
                case ADMIN -> CallerKind.ADMIN;
            };
        }

        /** Whether this account acts on every reservation (operators and admins). */
        public boolean seesAll() {
            return role != Role.USER;
        }

        /** The group its bookings are made for: its first group, if any. */
        public java.util.Optional<String> primaryGroup() {
            return groups.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(groups.get(0).group());
        }

        /** Whether it belongs to {@code group}. */
        public boolean memberOf(String group) {
            return groups.stream().anyMatch(m -> m.group().equals(group));
        }
    }

    /**
     * Membership of an account in a group.
     *
     * @param group the group's name
     * @param sharesReservations whether the group lets its members see and change each other's reservations
     */
    record Membership(String group, boolean sharesReservations) {
        public Membership {
            Objects.requireNonNull(group, "group");
        }
    }

    /**
     * The BAR of another site, by its certificate.
     *
     * @param site the site the certificate maps to: it may act only on that site's bookings
     * @param subject the certificate's subject
     */
    record PeerBar(String site, String subject) implements Caller {
        @Override
        public CallerKind kind() {
            return CallerKind.PEER_BAR;
        }

        @Override
        public String name() {
            return "bar-" + site;
        }
    }

    /**
     * An L-NSAP or NSAP this BAR books with, by its certificate.
     *
     * @param service its name in this BAR's configuration ({@code lnsap-site-a}, {@code nsap})
     * @param subject the certificate's subject
     */
    record Controller(String service, String subject) implements Caller {
        @Override
        public CallerKind kind() {
            return CallerKind.CONTROLLER;
        }

        @Override
        public String name() {
            return service;
        }
    }

    /**
     * A BAR configured for this L-NSAP or NSAP, by its certificate.
     *
     * @param site the BAR's site
     * @param subject the certificate's subject
     */
    record ServedBar(String site, String subject) implements Caller {
        @Override
        public CallerKind kind() {
            return CallerKind.SERVED_BAR;
        }

        @Override
        public String name() {
            return "bar-" + site;
        }
    }

    /**
     * Another network's NSI provider this BAR books far parts from, sending to its requester port.
     *
     * @param nsa the provider's NSA id: it may send only messages whose {@code providerNSA} is this
     * @param subject the subject of the certificate it was known by; empty for a provider configured
     *     without one, known by the NSA id its message names (and then by the ids it answers)
     */
    record NsiProvider(String nsa, Optional<String> subject) implements Caller {
        public NsiProvider {
            Objects.requireNonNull(nsa, "nsa");
            Objects.requireNonNull(subject, "subject");
        }

        @Override
        public CallerKind kind() {
            return CallerKind.NSI_PROVIDER;
        }

        @Override
        public String name() {
            return nsa;
        }

        /** Whether a message naming {@code providerNsa} as its provider is this provider's own. */
        public boolean speaksFor(String providerNsa) {
            return nsa.equals(providerNsa);
        }
    }

    /**
     * The serving process itself: its due work, its sweeps, calls one service makes of another,
     * and every call of a server built without accounts (tests, a closed lab). It acts on every
     * reservation; the access table lets it through nowhere, since no door authenticates it.
     *
     * @param name how histories name it (the BAR's internal actor, {@code scheduler}, ...)
     */
    record Process(String name) implements Caller {
        public Process {
            Objects.requireNonNull(name, "name");
        }

        /**
         * It presents no credentials at any door, so the access table treats it as nobody
         * ({@link Decision#NOT_SIGNED_IN}) and the access matrix has no column for it: it is the
         * services, handed it by the process, that let it act.
         */
        @Override
        public CallerKind kind() {
            return CallerKind.ANONYMOUS;
        }
    }
}
