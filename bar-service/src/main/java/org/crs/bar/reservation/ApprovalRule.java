package org.crs.bar.reservation;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;

/**
 * One approval rule: criteria a booking must all meet, and the decision when it does. A
 * criterion left null matches every booking; a rule with no criterion matches all.
 *
 * @param overMbps matches a bandwidth strictly above this many Mbit/s
 * @param longerThan matches a booking that lasts strictly longer
 * @param startsBeyond matches a booking whose start is strictly further ahead than this, from the time of booking
 * @param sites matches a circuit between these two sites, in either direction
 * @param group matches a booking made for this group (the booking account's primary group)
 * @param role matches a booking made by an account of this role
 * @param decision what a matching booking gets
 */
public record ApprovalRule(Long overMbps, Duration longerThan, Duration startsBeyond, SitePair sites, String group,
                           Role role, ApprovalDecision decision) {

    /** Two sites, in no particular order. */
    public record SitePair(String one, String other) {
        public SitePair {
            Objects.requireNonNull(one, "one");
            Objects.requireNonNull(other, "other");
        }

        /** Whether a circuit between {@code a} and {@code b} joins these two sites, either way round. */
        public boolean joins(String a, String b) {
            return one.equals(a) && other.equals(b) || one.equals(b) && other.equals(a);
        }

        @Override
        public String toString() {
            return one + " <-> " + other;
        }
    }

    public ApprovalRule {
        Objects.requireNonNull(decision, "decision");
        if (overMbps != null && overMbps < 0) {
            throw new IllegalArgumentException("overMbps must not be negative: " + overMbps);
        }
    }

    /** A rule that gives {@code decision} to every booking. */
    public static ApprovalRule always(ApprovalDecision decision) {
        return new ApprovalRule(null, null, null, null, null, null, decision);
    }

    /**
     * Whether a booking meets every criterion of this rule.
     *
     * @param caller who books: group and role criteria match accounts only
     * @param now when it is booked, for {@link #startsBeyond}
     */
    public boolean matches(ReservationRequest request, Caller caller, Instant now) {
        Caller.Account account = caller instanceof Caller.Account a ? a : null;
        return (overMbps == null || request.bandwidthMbps() > overMbps)
                && (longerThan == null || request.interval().duration().compareTo(longerThan) > 0)
                && (startsBeyond == null || Duration.between(now, request.interval().start()).compareTo(startsBeyond) > 0)
                && (sites == null || sites.joins(request.source().site(), request.destination().site()))
                && (group == null || account != null && account.primaryGroup().filter(group::equals).isPresent())
                && (role == null || account != null && account.role() == role);
    }

    /** The rule as an operator reads it in a history: {@code over 1000 Mbit/s, group astro -> wait}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        if (overMbps != null) {
            s.append(", over ").append(overMbps).append(" Mbit/s");
        }
        if (longerThan != null) {
            s.append(", longer than ").append(longerThan.toSeconds()).append(" s");
        }
        if (startsBeyond != null) {
            s.append(", starting more than ").append(startsBeyond.toSeconds()).append(" s ahead");
        }
        if (sites != null) {
            s.append(", between ").append(sites);
        }
        if (group != null) {
            s.append(", group ").append(group);
        }
        if (role != null) {
            s.append(", role ").append(role.wireName());
        }
        return (s.length() == 0 ? "every booking" : s.substring(2)) + " -> " + decision.name().toLowerCase(Locale.ROOT);
    }
}
