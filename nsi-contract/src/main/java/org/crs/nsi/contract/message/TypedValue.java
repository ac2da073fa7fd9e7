package org.crs.nsi.contract.message;

/**
 * A service parameter of {@code p2ps}: {@code <parameter type="...">value</parameter>}.
 *
 * @param type what the value is
 * @param value the value, possibly empty
 */
public record TypedValue(String type, String value) {

    public TypedValue {
        Checks.text(type, "parameter type");
        Checks.part(value, "parameter value");
    }
}
