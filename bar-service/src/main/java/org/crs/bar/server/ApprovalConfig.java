package org.crs.bar.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.domain.access.Role;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;

/**
 * Reads the optional {@code approval} section of the BAR's configuration file into
 * {@link ApprovalRules} (docs/security.md): which bookings wait for an operator.
 *
 * <pre>{@code
 * approval:
 *   deadlineBeforeStart: 0s           # default 0s: a waiting booking must be approved by its start
 *   rules:                            # tried in order, the first that matches decides; none matches: approve
 *     - {overMbps: 1000, decision: wait}          # criteria, all optional: overMbps, longerThan, startsBeyond,
 *                                                 #   sites: [site-a, site-b], group, role; decision: approve | wait
 * }</pre>
 *
 * <p>Messages name the key ({@code approval.rules[0].decision}) and its line.
 */
final class ApprovalConfig {

    /** A zero duration, which {@code approval.deadlineBeforeStart} may be (other durations must be positive). */
    private static final Pattern ZERO = Pattern.compile("0+\\s*(ms|s|m|h|d)?");

    private ApprovalConfig() {
    }

    /** The section as the file spells it: raw text until resolved. */
    record ApprovalYaml(String deadlineBeforeStart, List<RuleYaml> rules) {
    }

    /** One of {@code approval.rules} as the file spells it. */
    record RuleYaml(Long overMbps, String longerThan, String startsBeyond, List<String> sites, String group,
                    String role, String decision) {
    }

    /** The rules; none (every booking approved) when the file has no {@code approval} section. */
    static ApprovalRules read(ApprovalYaml approval, EnvReferences env, String yaml) {
        if (approval == null) {
            return ApprovalRules.none();
        }
        String deadlineText = env.resolve(approval.deadlineBeforeStart(), "approval.deadlineBeforeStart");
        Duration deadline = deadlineText == null || ZERO.matcher(deadlineText.trim()).matches()
                ? ApprovalRules.DEFAULT_DEADLINE_BEFORE_START
                : ConfigValues.duration(deadlineText, null, "approval.deadlineBeforeStart",
                        ConfigYaml.at(yaml, "approval", "deadlineBeforeStart"));
        List<ApprovalRule> rules = new ArrayList<>();
        List<RuleYaml> ruleList = approval.rules() == null ? List.of() : approval.rules();
        for (int i = 0; i < ruleList.size(); i++) {
            rules.add(rule(ruleList.get(i), i, env, yaml));
        }
        return new ApprovalRules(rules, deadline);
    }

    /** {@code approval.rules[i]}. */
    private static ApprovalRule rule(RuleYaml r, int i, EnvReferences env, String yaml) {
        String key = "approval.rules[" + i + "]";
        if (r == null) {
            throw new IllegalArgumentException(key + " is empty (- {overMbps: 1000, decision: wait})");
        }
        if (r.overMbps() != null && r.overMbps() < 0) {
            throw new IllegalArgumentException(key + ".overMbps: must not be negative, was " + r.overMbps()
                    + ConfigYaml.at(yaml, "approval", "rules", i, "overMbps"));
        }
        ApprovalRule.SitePair sites = null;
        if (r.sites() != null) {
            if (r.sites().size() != 2) {
                throw new IllegalArgumentException(key + ".sites: name two sites ([site-a, site-b]), named "
                        + r.sites().size() + ConfigYaml.at(yaml, "approval", "rules", i, "sites"));
            }
            sites = new ApprovalRule.SitePair(
                    ConfigValues.name(env.resolve(r.sites().get(0), key + ".sites[0]"), key + ".sites[0]",
                            ConfigYaml.at(yaml, "approval", "rules", i, "sites")),
                    ConfigValues.name(env.resolve(r.sites().get(1), key + ".sites[1]"), key + ".sites[1]",
                            ConfigYaml.at(yaml, "approval", "rules", i, "sites")));
        }
        String group = env.resolve(r.group(), key + ".group");
        String roleText = env.resolve(r.role(), key + ".role");
        Role role = roleText == null ? null : Role.named(roleText).orElseThrow(() -> new IllegalArgumentException(
                key + ".role: must be user, operator or admin, was '" + roleText + "'"
                        + ConfigYaml.at(yaml, "approval", "rules", i, "role")));
        String decisionText = ConfigValues.required(env.resolve(r.decision(), key + ".decision"), key + ".decision");
        ApprovalDecision decision = switch (decisionText.trim().toLowerCase(Locale.ROOT)) {
            case "approve" -> ApprovalDecision.APPROVE;
            case "wait" -> ApprovalDecision.WAIT;
            default -> throw new IllegalArgumentException(key + ".decision: must be approve or wait, was '"
                    + decisionText + "'" + ConfigYaml.at(yaml, "approval", "rules", i, "decision"));
        };
        return new ApprovalRule(r.overMbps(),
                duration(r.longerThan(), key, "longerThan", i, env, yaml),
                duration(r.startsBeyond(), key, "startsBeyond", i, env, yaml),
                sites, group == null ? null : ConfigValues.name(group, key + ".group",
                        ConfigYaml.at(yaml, "approval", "rules", i, "group")), role, decision);
    }

    private static Duration duration(String text, String key, String name, int i, EnvReferences env, String yaml) {
        return ConfigValues.duration(env.resolve(text, key + "." + name), null, key + "." + name,
                ConfigYaml.at(yaml, "approval", "rules", i, name));
    }
}
