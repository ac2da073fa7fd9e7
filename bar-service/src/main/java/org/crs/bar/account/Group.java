package org.crs.bar.account;

import java.util.List;

/**
 * A group (project, virtual organisation).
 *
 * @param name unique
 * @param description free text
 * @param sharesReservations whether members see and change each other's reservations
 * @param members its accounts
 */
public record Group(String name, String description, boolean sharesReservations, List<String> members) {
    public Group {
        members = List.copyOf(members);
    }
}
