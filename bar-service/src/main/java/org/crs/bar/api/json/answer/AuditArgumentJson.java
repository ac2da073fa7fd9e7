package org.crs.bar.api.json.answer;

/** One argument of an audited call (schema {@code AuditArgument}). */
public record AuditArgumentJson(String name, String value) {
}
