package org.crs.bar.service;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Decision;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * Who may send a message to this BAR's NSI requester port ({@code /NSI/services/ConnectionRequester},
 * docs/nsi.md "The requester"): the far networks' providers it books from ({@code nsi.providers}),
 * each only as its own NSA. The port signs the caller in (a certificate a provider's {@code subject}
 * names is a {@link Caller.NsiProvider}) and asks here before it hands a message on, as every door
 * asks its service.
 *
 * <p>A provider configured with a certificate must send with it: without credentials it is not
 * signed in. One configured without (a provider that calls back over plain HTTP, as OpenNSA may)
 * is taken on the NSA id its message names; what such a message may do is bounded by the
 * correlation and connection ids it must answer, which only that provider knows.
 */
public final class NsiRequesterAccess {

    /** The header field a provider's message names itself in. */
    public static final String PROVIDER_NSA = "providerNSA";

    private final AccessTable table;
    private final Map<String, Optional<String>> providers;

    /**
     * @param providers each configured provider's NSA id, with the subject of the certificate its
     *     messages must come with (empty: none configured)
     */
    public NsiRequesterAccess(AccessTable table, Map<String, Optional<String>> providers) {
        this.table = Objects.requireNonNull(table, "table");
        this.providers = Map.copyOf(providers);
    }

    /**
     * Whether {@code caller} may send {@code operation} (a requester-port message's element) naming
     * {@code providerNsa} as its provider: empty when it may, else the refusal:
     * {@code NOT_SIGNED_IN} for no credentials where the provider named has a certificate,
     * {@code NOT_ALLOWED} for a caller the access table does not let send it (an NSA no provider
     * has, an account, a peer BAR, a controller), and {@code NOT_ALLOWED} naming
     * {@value #PROVIDER_NSA} for a provider that names another provider's NSA.
     */
    public Optional<Refusal> refusal(Caller caller, String operation, String providerNsa) {
        Caller sender = caller;
        if (caller instanceof Caller.Anonymous) {
            Optional<String> subject = providers.get(providerNsa);
            if (subject == null) {
                return Optional.of(new Refusal(RefusalCode.NOT_ALLOWED, "", PROVIDER_NSA + " " + providerNsa
                        + " is not a provider this requester books from"));
            }
            if (subject.isPresent()) {
                return Optional.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", providerNsa
                        + " sends with its client certificate"));
            }
            sender = new Caller.NsiProvider(providerNsa, Optional.empty());
        }
        Decision decision = table.decision(sender, AccessTable.NSI_REQUESTER_SERVICE, operation);
        if (decision == Decision.NOT_SIGNED_IN) {
            return Optional.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "not signed in"));
        }
        if (decision == Decision.NOT_ALLOWED) {
            return Optional.of(new Refusal(RefusalCode.NOT_ALLOWED, "", operation + " is not allowed to "
                    + sender.name()));
        }
        // only a provider speaks for an NSA: a caller of another kind let in (by a wrong row) does not
        if (!(sender instanceof Caller.NsiProvider provider) || !provider.speaksFor(providerNsa)) {
            return Optional.of(new Refusal(RefusalCode.NOT_ALLOWED, PROVIDER_NSA, PROVIDER_NSA + " " + providerNsa
                    + " is not the provider " + sender.name() + " that signed in"));
        }
        return Optional.empty();
    }
}
