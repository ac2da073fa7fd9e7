package org.crs.bar.api.soap;

import java.util.Calendar;

import org.crs.bar.account.Account;
import org.crs.domain.access.Caller;
import org.crs.service.soap.SoapTimes;

/** An account as an admin (or the account itself) sees it: never a password. */
public class AccountInfo {

    /** An account as the port types answer it (static: no bean property, no operation). */
    public static AccountInfo of(Account a) {
        AccountInfo i = new AccountInfo();
        i.setName(a.name());
        i.setRole(a.role().wireName());
        i.setEmail(a.email());
        i.setBlocked(a.blocked());
        i.setGroups(a.groups().stream().map(Caller.Membership::group).toArray(String[]::new));
        i.setCreatedAt(SoapTimes.calendar(a.createdAt()));
        return i;
    }

    private String name;
    private String role;
    private String email;
    private boolean blocked;
    private String[] groups;
    private Calendar createdAt;

    /** Unique, lower case. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** user, operator or admin. */
    public String getRole() {
        return role;
    }

    public void setRole(String role) {
        this.role = role;
    }

    /** Where its mail goes; may be empty. */
    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    /** Blocked by an operator: it cannot sign in. */
    public boolean isBlocked() {
        return blocked;
    }

    public void setBlocked(boolean blocked) {
        this.blocked = blocked;
    }

    /** Its groups, its booking group first. */
    public String[] getGroups() {
        return groups;
    }

    public void setGroups(String[] groups) {
        this.groups = groups;
    }

    /** When it was created. */
    public Calendar getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Calendar createdAt) {
        this.createdAt = createdAt;
    }
}
