package org.crs.domain.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Collects the problems of one topology, in the order the file lists things. */
final class Problems {

    private final List<String> found = new ArrayList<>();
    // "router interface" -> what uses it, to catch one interface used for two things.
    private final Map<String, String> interfaceUsers = new HashMap<>();

    void add(String problem) {
        found.add(problem);
    }

    /** Reports {@code field} of {@code what} when it is missing or blank; true when present. */
    boolean requireText(String what, String field, String value) {
        if (value == null || value.isBlank()) {
            found.add(what + ": " + field + " is missing");
            return false;
        }
        return true;
    }

    void requirePositive(String what, String field, long value) {
        if (value <= 0) {
            found.add(what + ": " + field + " must be positive, was " + value);
        }
    }

    /** Reports a second use of one interface of one router. */
    void requireInterfaceUnused(String router, String interfaceName, String user) {
        if (router == null || interfaceName == null) {
            return;
        }
        String earlier = interfaceUsers.putIfAbsent(router + " " + interfaceName, user);
        if (earlier != null) {
            found.add("interface " + interfaceName + " of " + router + " is used by both " + earlier + " and " + user);
        }
    }

    List<String> list() {
        return List.copyOf(found);
    }
}
