package org.crs.bar.api.soap;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.reservation.BadRequest;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.Caller;
import org.crs.service.soap.DefaultValue;
import org.crs.service.soap.ServiceFault;

/**
 * The BAR's account port type: admins manage accounts, groups and the certificates mapped to
 * accounts; every account reads itself, changes its password and manages its own API tokens.
 * Who may call which operation is in {@link org.crs.domain.access.AccessTable}; passwords and
 * tokens never appear in an answer, except a new token once.
 */
public class AccountPortType {

    /** The process itself when nobody signed in (a server without access control). */
    private static final Caller.Process INSIDE = new Caller.Process("bar");

    private final AccountService accounts;

    public AccountPortType(AccountService accounts) {
        this.accounts = accounts;
    }

    // ---- admins ----

    /** Creates an account with a role (user, operator, admin); email and password may be left out. */
    public AccountInfo createAccount(String name, String role, String email, String password) throws ServiceFault {
        try {
            return AccountInfo.of(accounts.createAccount(caller(), name, role, email, password));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo getAccount(String name) throws ServiceFault {
        try {
            return AccountInfo.of(accounts.get(caller(), name));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo[] listAccounts() {
        try {
            return accounts.list(caller()).stream().map(AccountInfo::of).toArray(AccountInfo[]::new);
        } catch (BadRequest e) {
            throw pastTheTable(e);
        }
    }

    public AccountInfo setRole(String name, String role) throws ServiceFault {
        try {
            return AccountInfo.of(accounts.setRole(caller(), name, role));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo setEmail(String name, String email) throws ServiceFault {
        try {
            return AccountInfo.of(accounts.setEmail(caller(), name, email));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Sets another account's password (a reset). */
    public AccountInfo resetPassword(String name, String password) throws ServiceFault {
        try {
            return AccountInfo.of(accounts.setPassword(caller(), name, password));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Creates a group; {@code sharesReservations} lets its members see and change each other's reservations. */
    public GroupInfo createGroup(String name, String description, @DefaultValue("false") boolean sharesReservations)
            throws ServiceFault {
        try {
            return GroupInfo.of(accounts.createGroup(caller(), name, description, sharesReservations));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public GroupInfo addMember(String group, String account) throws ServiceFault {
        try {
            return GroupInfo.of(accounts.addMember(caller(), group, account));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public GroupInfo removeMember(String group, String account) throws ServiceFault {
        try {
            return GroupInfo.of(accounts.removeMember(caller(), group, account));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public GroupInfo[] listGroups() {
        try {
            return accounts.groups(caller()).stream().map(GroupInfo::of).toArray(GroupInfo[]::new);
        } catch (BadRequest e) {
            throw pastTheTable(e);
        }
    }

    /** Lets a client certificate with this subject (e.g. {@code CN=pipeline,O=Astro}) act as {@code account}. */
    public AccountInfo mapCertificate(String subject, String account) throws ServiceFault {
        try {
            accounts.mapCertificate(caller(), canonical(subject), account);
            return AccountInfo.of(accounts.get(caller(), account));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Stops a certificate subject acting as an account; answers the subject as stored (canonical form). */
    public String unmapCertificate(String subject) throws ServiceFault {
        try {
            String canonical = canonical(subject);
            accounts.unmapCertificate(caller(), canonical);
            return canonical;
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    // ---- every account, on itself ----

    /** The signed-in account. */
    public AccountInfo whoAmI() throws ServiceFault {
        try {
            return AccountInfo.of(accounts.self(caller()));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo changePassword(String oldPassword, String newPassword) throws ServiceFault {
        try {
            return AccountInfo.of(accounts.changePassword(caller(), oldPassword, newPassword));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** A new API token for the signed-in account; the answer carries the token, which is never shown again. */
    public TokenInfo createToken(String label) throws ServiceFault {
        try {
            AccountService.NewToken made = accounts.createToken(caller(), accounts.self(caller()).name(), label);
            TokenInfo info = TokenInfo.of(made.token());
            info.setToken(made.secret());
            return info;
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public TokenInfo[] listTokens() throws ServiceFault {
        try {
            return accounts.tokens(caller(), accounts.self(caller()).name()).stream().map(TokenInfo::of)
                    .toArray(TokenInfo[]::new);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Revokes one of the signed-in account's tokens; answers its tokens as they are now. */
    public TokenInfo[] revokeToken(String id) throws ServiceFault {
        try {
            accounts.revokeToken(caller(), accounts.self(caller()).name(), id);
            return listTokens();
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    // ---- conversions ----

    /**
     * The signed-in caller. The access table lets only accounts in (admins to the admins'
     * operations); on a server without access control the process itself, which manages every
     * account but has none of its own.
     */
    private static Caller caller() {
        return SoapCaller.of(INSIDE);
    }

    private static String canonical(String subject) throws BadRequest {
        if (subject == null || subject.isBlank()) {
            throw new BadRequest("subject", "is missing");
        }
        try {
            return new X500Principal(subject).getName(X500Principal.CANONICAL);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("subject", "is not an X.500 name such as CN=pipeline,O=Astro: " + e.getMessage());
        }
    }

    /**
     * A refusal of an operation that declares no fault (its published WSDL has none): the access
     * table lets only admins call it, whom the service does not refuse, so this is a bug.
     */
    private static IllegalStateException pastTheTable(BadRequest e) {
        return new IllegalStateException(e.getMessage(), e);
    }

    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.refusal().withMessage(e.field() + ": " + e.reason()));
    }
}
