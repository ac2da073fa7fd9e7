package org.crs.service.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.DayOfWeek;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Enum constants as SQL literals: what a store's {@code IN (...)} and {@code = ...} are built from. */
class SqlEnumsTest {

    @Test
    void oneConstantIsItsNameInQuotes() {
        assertEquals("'MONDAY'", SqlEnums.literal(DayOfWeek.MONDAY));
    }

    @Test
    void constantsAreListedInDeclarationOrderWhateverOrderTheyCameIn() {
        assertEquals("'MONDAY', 'FRIDAY'", SqlEnums.literals(List.of(DayOfWeek.FRIDAY, DayOfWeek.MONDAY)));
    }

    @Test
    void aConstantGivenTwiceIsListedOnce() {
        assertEquals("'SUNDAY'", SqlEnums.literals(List.of(DayOfWeek.SUNDAY, DayOfWeek.SUNDAY)));
    }

    @Test
    void noConstantsIsRefusedAsInWouldNotBeSql() {
        assertThrows(IllegalArgumentException.class, () -> SqlEnums.literals(Set.<DayOfWeek>of()));
    }
}
