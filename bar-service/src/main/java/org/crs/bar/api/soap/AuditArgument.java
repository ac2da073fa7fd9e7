package org.crs.bar.api.soap;

/** One argument of an audited call: its name and value (a secret's value is {@code [redacted]}). */
public class AuditArgument {

    /** One argument of an audited call (static: no bean property, no operation). */
    public static AuditArgument of(java.util.Map.Entry<String, String> a) {
        AuditArgument arg = new AuditArgument();
        arg.setName(a.getKey());
        arg.setValue(a.getValue());
        return arg;
    }

    private String name;
    private String value;

    /** The argument's name. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Its value as text. */
    public String getValue() {
        return value;
    }

    public void setValue(String value) {
        this.value = value;
    }
}
