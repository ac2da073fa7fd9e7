package org.crs.bar.api.soap;

import org.crs.bar.account.Group;

/** A group (project, virtual organisation) and its members. */
public class GroupInfo {

    /** A group as the port types answer it (static: no bean property, no operation). */
    public static GroupInfo of(Group g) {
        GroupInfo i = new GroupInfo();
        i.setName(g.name());
        i.setDescription(g.description());
        i.setSharesReservations(g.sharesReservations());
        i.setMembers(g.members().toArray(String[]::new));
        return i;
    }

    private String name;
    private String description;
    private boolean sharesReservations;
    private String[] members;

    /** Unique. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Free text. */
    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    /** Whether members see and change each other's reservations. */
    public boolean isSharesReservations() {
        return sharesReservations;
    }

    public void setSharesReservations(boolean sharesReservations) {
        this.sharesReservations = sharesReservations;
    }

    /** Its accounts. */
    public String[] getMembers() {
        return members;
    }

    public void setMembers(String[] members) {
        this.members = members;
    }
}
