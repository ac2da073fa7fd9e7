package org.crs.nsi.contract.message;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Copies of the schema's type-value lists (a serviceException's variables, an errorEvent's additionalInfo). */
final class TypeValues {

    private TypeValues() {
    }

    /** An unmodifiable copy that keeps the order. */
    static Map<String, List<String>> copy(Map<String, List<String>> values) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        values.forEach((type, list) -> copy.put(Checks.part(type, "type"), List.copyOf(list)));
        return Collections.unmodifiableMap(copy);
    }
}
