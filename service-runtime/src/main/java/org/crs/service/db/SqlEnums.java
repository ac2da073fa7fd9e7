package org.crs.service.db;

import java.util.EnumSet;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * Enum constants (segment and reservation states, change kinds, notification events) as SQL
 * string literals, derived from the enums so that SQL never spells a state out. Literals rather
 * than parameters: the statements stay as the database has planned them, a partial index or a
 * kept generic plan included. The NSAP's and the BAR's stores both build their SQL with it.
 */
public final class SqlEnums {

    private SqlEnums() {
    }

    /** The constants as quoted literals in declaration order, for {@code IN (...)}: {@code 'HELD', 'COMMITTED'}. */
    public static <E extends Enum<E>> String literals(Collection<E> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no constants to name: IN () is not SQL");
        }
        return EnumSet.copyOf(values).stream().map(SqlEnums::literal).collect(Collectors.joining(", "));
    }

    /** One constant as a quoted literal: {@code 'HELD'}. Enum names are identifiers, so nothing needs escaping. */
    public static String literal(Enum<?> value) {
        return "'" + value.name() + "'";
    }
}
