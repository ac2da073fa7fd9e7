package org.crs.bar.server;

import java.util.ArrayList;
import java.util.List;

import org.crs.bar.reservation.Quota;
import org.crs.bar.reservation.Quotas;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;

/**
 * Reads the optional {@code quotas} section of the BAR's configuration file into {@link Quotas}
 * (docs/security.md): what each group may book, each limit optional.
 *
 * <pre>{@code
 * quotas:
 *   - {group: astro, peakBandwidthMbps: 2000, hoursPerMonth: 200}
 * }</pre>
 *
 * <p>Messages name the key ({@code quotas[0].hoursPerMonth}) and its line.
 */
final class QuotaConfig {

    private QuotaConfig() {
    }

    /** One of {@code quotas} as the file spells it: raw text until resolved. */
    record QuotaYaml(String group, Long peakBandwidthMbps, Long hoursPerMonth) {
    }

    /** The quotas; none when the file has no {@code quotas} section. */
    static Quotas read(List<QuotaYaml> quotas, EnvReferences env, String yaml) {
        if (quotas == null) {
            return Quotas.none();
        }
        List<Quota> out = new ArrayList<>();
        for (int i = 0; i < quotas.size(); i++) {
            QuotaYaml q = quotas.get(i);
            String key = "quotas[" + i + "]";
            if (q == null) {
                throw new IllegalArgumentException(key + " is empty (- {group: astro, peakBandwidthMbps: 2000, hoursPerMonth: 200})");
            }
            String group = ConfigValues.name(env.resolve(q.group(), key + ".group"), key + ".group",
                    ConfigYaml.at(yaml, "quotas", i, "group"));
            if (out.stream().anyMatch(other -> other.group().equals(group))) {
                throw new IllegalArgumentException(key + ".group: " + group + " has a quota already"
                        + ConfigYaml.at(yaml, "quotas", i, "group"));
            }
            notNegative(q.peakBandwidthMbps(), key, "peakBandwidthMbps", i, yaml);
            notNegative(q.hoursPerMonth(), key, "hoursPerMonth", i, yaml);
            out.add(new Quota(group, q.peakBandwidthMbps(), q.hoursPerMonth()));
        }
        return new Quotas(out);
    }

    private static void notNegative(Long limit, String key, String name, int i, String yaml) {
        if (limit != null && limit < 0) {
            throw new IllegalArgumentException(key + "." + name + ": must not be negative, was " + limit
                    + ConfigYaml.at(yaml, "quotas", i, name));
        }
    }
}
