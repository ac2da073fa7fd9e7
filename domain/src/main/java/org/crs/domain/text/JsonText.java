package org.crs.domain.text;

/** JSON string literals, for the few places that write a small JSON document by hand (the audit's arguments, webhook bodies). */
public final class JsonText {

    private JsonText() {
    }

    /** Appends {@code s} as a JSON string literal, quoted and escaped (RFC 8259); answers {@code out}. */
    public static StringBuilder quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }
}
