package org.crs.bar.api.soap;

import java.util.Calendar;

/** An account as an admin (or the account itself) sees it: never a password. */
public class AccountInfo {

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
