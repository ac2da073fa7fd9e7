package org.crs.bar.reservation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The quota of each group that has one; a group without a quota books without limit. */
public record Quotas(List<Quota> quotas) {

    public Quotas {
        quotas = List.copyOf(quotas);
        Map<String, Quota> seen = new LinkedHashMap<>();
        for (Quota q : quotas) {
            if (seen.put(q.group(), q) != null) {
                throw new IllegalArgumentException("group " + q.group() + " has two quotas");
            }
        }
    }

    /** No quotas. */
    public static Quotas none() {
        return new Quotas(List.of());
    }

    /** The quota of {@code group}, if it has one. */
    public Optional<Quota> of(String group) {
        return quotas.stream().filter(q -> q.group().equals(group)).findFirst();
    }
}
