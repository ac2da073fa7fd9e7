package org.crs.bar.api.soap;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.account.Account;
import org.crs.bar.account.ApiToken;
import org.crs.bar.account.Group;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.security.CurrentCall;
import org.crs.service.soap.DefaultValue;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;

/**
 * The BAR's account port type: admins manage accounts, groups and the certificates mapped to
 * accounts; every account reads itself, changes its password and manages its own API tokens.
 * Who may call which operation is in {@link org.crs.domain.access.AccessTable}; passwords and
 * tokens never appear in an answer, except a new token once.
 */
public class AccountPortType {

    private final AccountService accounts;

    public AccountPortType(AccountService accounts) {
        this.accounts = accounts;
    }

    // ---- admins ----

    /** Creates an account with a role (user, operator, admin); email and password may be left out. */
    public AccountInfo createAccount(String name, String role, String email, String password) throws ServiceFault {
        try {
            return info(accounts.createAccount(name, role, email, password));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo getAccount(String name) throws ServiceFault {
        try {
            return info(accounts.get(name));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo[] listAccounts() {
        return accounts.list().stream().map(AccountPortType::info).toArray(AccountInfo[]::new);
    }

    public AccountInfo setRole(String name, String role) throws ServiceFault {
        try {
            return info(accounts.setRole(name, role));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo setEmail(String name, String email) throws ServiceFault {
        try {
            return info(accounts.setEmail(name, email));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Sets another account's password (a reset). */
    public AccountInfo resetPassword(String name, String password) throws ServiceFault {
        try {
            return info(accounts.setPassword(name, password));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Creates a group; {@code sharesReservations} lets its members see and change each other's reservations. */
    public GroupInfo createGroup(String name, String description, @DefaultValue("false") boolean sharesReservations)
            throws ServiceFault {
        try {
            return info(accounts.createGroup(name, description, sharesReservations));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public GroupInfo addMember(String group, String account) throws ServiceFault {
        try {
            return info(accounts.addMember(group, account));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public GroupInfo removeMember(String group, String account) throws ServiceFault {
        try {
            return info(accounts.removeMember(group, account));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public GroupInfo[] listGroups() {
        return accounts.groups().stream().map(AccountPortType::info).toArray(GroupInfo[]::new);
    }

    /** Lets a client certificate with this subject (e.g. {@code CN=pipeline,O=Astro}) act as {@code account}. */
    public AccountInfo mapCertificate(String subject, String account) throws ServiceFault {
        try {
            accounts.mapCertificate(canonical(subject), account);
            return info(accounts.get(account));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Stops a certificate subject acting as an account; answers the subject as stored (canonical form). */
    public String unmapCertificate(String subject) throws ServiceFault {
        try {
            String canonical = canonical(subject);
            accounts.unmapCertificate(canonical);
            return canonical;
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    // ---- every account, on itself ----

    /** The signed-in account. */
    public AccountInfo whoAmI() throws ServiceFault {
        try {
            return info(accounts.get(self()));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public AccountInfo changePassword(String oldPassword, String newPassword) throws ServiceFault {
        try {
            return info(accounts.changePassword(self(), oldPassword, newPassword));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** A new API token for the signed-in account; the answer carries the token, which is never shown again. */
    public TokenInfo createToken(String label) throws ServiceFault {
        try {
            AccountService.NewToken made = accounts.createToken(self(), label);
            TokenInfo info = info(made.token());
            info.setToken(made.secret());
            return info;
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    public TokenInfo[] listTokens() throws ServiceFault {
        return accounts.tokens(self()).stream().map(AccountPortType::info).toArray(TokenInfo[]::new);
    }

    /** Revokes one of the signed-in account's tokens; answers its tokens as they are now. */
    public TokenInfo[] revokeToken(String id) throws ServiceFault {
        try {
            accounts.revokeToken(self(), id);
            return listTokens();
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    // ---- conversions ----

    private static String self() throws ServiceFault {
        Caller caller = CurrentCall.caller();
        if (!(caller instanceof Caller.Account account)) {
            throw new ServiceFault(new Refusal(RefusalCode.NOT_ALLOWED, "", "only an account has tokens and a password"));
        }
        return account.name();
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

    static AccountInfo info(Account a) {
        AccountInfo i = new AccountInfo();
        i.setName(a.name());
        i.setRole(a.role().wireName());
        i.setEmail(a.email());
        i.setBlocked(a.blocked());
        i.setGroups(a.groups().stream().map(Caller.Membership::group).toArray(String[]::new));
        i.setCreatedAt(SoapTimes.calendar(a.createdAt()));
        return i;
    }

    private static GroupInfo info(Group g) {
        GroupInfo i = new GroupInfo();
        i.setName(g.name());
        i.setDescription(g.description());
        i.setSharesReservations(g.sharesReservations());
        i.setMembers(g.members().toArray(String[]::new));
        return i;
    }

    private static TokenInfo info(ApiToken t) {
        TokenInfo i = new TokenInfo();
        i.setId(t.id());
        i.setLabel(t.label());
        i.setCreatedAt(SoapTimes.calendar(t.createdAt()));
        i.setRevokedAt(t.revokedAt().map(SoapTimes::calendar).orElse(null));
        return i;
    }

    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.refusal().withMessage(e.field() + ": " + e.reason()));
    }
}
