package org.crs.routers.emulator.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The syntax of one IOS command, written the way Cisco's command references write it and
 * expanded into every linear form it allows.
 *
 * <p>Notation: lower-case words are keywords (abbreviable); {@code <lo-hi>} a number in
 * range; {@code WORD} any word; {@code A.B.C.D} an IPv4 address; {@code IFNAME} an interface
 * name; {@code VLANS} a VLAN list; {@code LINE} the rest of the line; {@code [x y]} optional;
 * {@code {a|b c}} one of the alternatives.
 */
final class Syntax {

    enum Kind { KEYWORD, NUMBER, WORD, IP, IFNAME, VLANS, LINE }

    /** One element of a linear form. */
    record Element(Kind kind, String keyword, long min, long max) {
        static Element keyword(String k) {
            return new Element(Kind.KEYWORD, k.toLowerCase(Locale.ROOT), 0, 0);
        }

        static Element of(Kind kind) {
            return new Element(kind, null, 0, 0);
        }

        @Override
        public String toString() {
            return switch (kind) {
                case KEYWORD -> keyword;
                case NUMBER -> "<" + min + "-" + max + ">";
                default -> kind.name();
            };
        }
    }

    private Syntax() {
    }

    /** Every linear form the pattern allows. */
    static List<List<Element>> expand(String pattern) {
        List<String> tokens = tokenize(pattern);
        int[] pos = {0};
        List<List<Element>> forms = sequence(tokens, pos);
        if (pos[0] != tokens.size()) {
            throw new IllegalArgumentException("unbalanced syntax: " + pattern);
        }
        return forms;
    }

    private static List<String> tokenize(String pattern) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            if (c == '[' || c == ']' || c == '{' || c == '}' || c == '|' || Character.isWhitespace(c)) {
                if (cur.length() > 0) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
                if (!Character.isWhitespace(c)) {
                    out.add(String.valueOf(c));
                }
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }

    // sequence := item* ; stops at ']' '}' '|' or the end
    private static List<List<Element>> sequence(List<String> t, int[] pos) {
        List<List<Element>> forms = new ArrayList<>();
        forms.add(new ArrayList<>());
        while (pos[0] < t.size()) {
            String tok = t.get(pos[0]);
            if (tok.equals("]") || tok.equals("}") || tok.equals("|")) {
                break;
            }
            pos[0]++;
            List<List<Element>> item;
            if (tok.equals("[") || tok.equals("{")) {
                item = alternatives(t, pos);
                if (tok.equals("[")) {
                    expect(t, pos, "]");
                    item.add(0, List.of());
                } else {
                    expect(t, pos, "}");
                }
            } else {
                item = List.of(List.of(element(tok)));
            }
            List<List<Element>> next = new ArrayList<>();
            for (List<Element> f : forms) {
                for (List<Element> i : item) {
                    List<Element> joined = new ArrayList<>(f);
                    joined.addAll(i);
                    next.add(joined);
                }
            }
            forms = next;
        }
        return forms;
    }

    // alternatives := sequence ('|' sequence)*
    private static List<List<Element>> alternatives(List<String> t, int[] pos) {
        List<List<Element>> item = new ArrayList<>(sequence(t, pos));
        while (pos[0] < t.size() && t.get(pos[0]).equals("|")) {
            pos[0]++;
            item.addAll(sequence(t, pos));
        }
        return item;
    }

    private static void expect(List<String> t, int[] pos, String what) {
        if (pos[0] >= t.size() || !t.get(pos[0]).equals(what)) {
            throw new IllegalArgumentException("expected " + what + " in syntax at token " + pos[0]);
        }
        pos[0]++;
    }

    private static Element element(String tok) {
        if (tok.startsWith("<") && tok.endsWith(">")) {
            String[] range = tok.substring(1, tok.length() - 1).split("-");
            return new Element(Kind.NUMBER, null, Long.parseLong(range[0]), Long.parseLong(range[1]));
        }
        return switch (tok) {
            case "WORD" -> Element.of(Kind.WORD);
            case "A.B.C.D" -> Element.of(Kind.IP);
            case "IFNAME" -> Element.of(Kind.IFNAME);
            case "VLANS" -> Element.of(Kind.VLANS);
            case "LINE" -> Element.of(Kind.LINE);
            default -> Element.keyword(tok);
        };
    }
}
