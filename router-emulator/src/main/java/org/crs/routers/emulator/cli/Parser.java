package org.crs.routers.emulator.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.crs.routers.emulator.device.InterfaceName;

/**
 * Matches a command line against the commands of a mode the way IOS does: word by word,
 * keywords may be abbreviated to any unique prefix, and the first word that fits no command
 * is where the caret goes.
 */
final class Parser {

    private static final Pattern IP = Pattern.compile(
            "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final Pattern VLANS = Pattern.compile("[0-9][0-9,\\-]*");

    /** A word of the line and the column it starts at. */
    record Word(String text, int column) {
    }

    /** A successful match. */
    record Match(Command command, Args args) {
    }

    private Parser() {
    }

    static List<Word> words(String line) {
        List<Word> words = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                words.add(new Word(line.substring(start, i), start));
            }
        }
        return words;
    }

    private static final class Candidate {
        final Command command;
        final List<Syntax.Element> form;
        final List<String> values = new ArrayList<>();
        final List<String> typed = new ArrayList<>();
        final List<Integer> columns = new ArrayList<>();
        final List<Boolean> keywords = new ArrayList<>();

        Candidate(Command command, List<Syntax.Element> form) {
            this.command = command;
            this.form = form;
        }

        Candidate copy() {
            Candidate c = new Candidate(command, form);
            c.values.addAll(values);
            c.typed.addAll(typed);
            c.columns.addAll(columns);
            c.keywords.addAll(keywords);
            return c;
        }

        Match match() {
            return new Match(command, new Args(values, typed, columns, keywords));
        }
    }

    /**
     * Finds the command the line means.
     *
     * @throws IosError invalid input (with the caret column), incomplete or ambiguous command
     */
    static Match match(String line, List<Command> commands) throws IosError {
        List<Word> words = words(line);
        List<Candidate> alive = new ArrayList<>();
        for (Command c : commands) {
            for (List<Syntax.Element> form : c.forms) {
                alive.add(new Candidate(c, form));
            }
        }
        Candidate restOfLine = null;
        for (int i = 0; i <= words.size(); i++) {
            if (i == words.size()) {
                for (Candidate c : alive) {
                    if (c.form.size() == i) {
                        return c.match();
                    }
                }
                if (restOfLine != null) {
                    return restOfLine.match();
                }
                throw IosError.incomplete();
            }
            Word word = words.get(i);
            mergeSplitInterfaceName(words, i, alive);
            word = words.get(i);
            String lower = word.text().toLowerCase(Locale.ROOT);

            Set<String> keywordHits = new LinkedHashSet<>();
            boolean exact = false;
            for (Candidate c : alive) {
                if (c.form.size() > i && c.form.get(i).kind() == Syntax.Kind.KEYWORD
                        && c.form.get(i).keyword().startsWith(lower)) {
                    keywordHits.add(c.form.get(i).keyword());
                    exact |= c.form.get(i).keyword().equals(lower);
                }
            }
            if (keywordHits.size() > 1 && !exact) {
                throw IosError.ambiguous(line.strip());
            }

            List<Candidate> next = new ArrayList<>();
            for (Candidate c : alive) {
                if (c.form.size() <= i) {
                    continue;
                }
                Syntax.Element e = c.form.get(i);
                String value = null;
                boolean keyword = false;
                switch (e.kind()) {
                    case KEYWORD -> {
                        if (keywordHits.contains(e.keyword()) && (!exact || e.keyword().equals(lower))) {
                            value = e.keyword();
                            keyword = true;
                        }
                    }
                    case NUMBER -> {
                        if (keywordHits.isEmpty() && DIGITS.matcher(word.text()).matches() && word.text().length() < 19) {
                            long n = Long.parseLong(word.text());
                            if (n >= e.min() && n <= e.max()) {
                                value = word.text();
                            }
                        }
                    }
                    case WORD -> value = keywordHits.isEmpty() ? word.text() : null;
                    case IP -> value = IP.matcher(word.text()).matches() ? word.text() : null;
                    case VLANS -> value = VLANS.matcher(word.text()).matches() ? word.text() : null;
                    case IFNAME -> value = interfaceName(word.text());
                    case LINE -> {
                        if (keywordHits.isEmpty()) {
                            Candidate r = c.copy();
                            r.values.add(line.substring(word.column()).strip());
                            r.typed.add(line.substring(word.column()).strip());
                            r.columns.add(word.column());
                            r.keywords.add(false);
                            restOfLine = restOfLine == null ? r : restOfLine;
                        }
                    }
                    default -> throw new IllegalStateException(e.kind().name());
                }
                if (value != null) {
                    Candidate n = c.copy();
                    n.values.add(value);
                    n.typed.add(word.text());
                    n.columns.add(word.column());
                    n.keywords.add(keyword);
                    next.add(n);
                }
            }
            if (next.isEmpty()) {
                if (restOfLine != null) {
                    return restOfLine.match();
                }
                throw IosError.invalidAt(errorColumn(word, alive, i));
            }
            alive = next;
        }
        throw new IllegalStateException("unreachable");
    }

    // For an interface name with a bad number ("gi9/9" on a chassis without slot 9, or
    // "gi1/x"), IOS puts the caret under the number rather than under the type.
    private static int errorColumn(Word word, List<Candidate> alive, int i) {
        boolean wantsInterface = alive.stream()
                .anyMatch(c -> c.form.size() > i && c.form.get(i).kind() == Syntax.Kind.IFNAME);
        if (wantsInterface) {
            String t = word.text();
            int k = 0;
            while (k < t.length() && (Character.isLetter(t.charAt(k)) || t.charAt(k) == '-')) {
                k++;
            }
            if (k > 0 && k < t.length() && InterfaceName.resolveType(t.substring(0, k)).isPresent()) {
                return word.column() + k;
            }
        }
        return word.column();
    }

    private static String interfaceName(String text) {
        try {
            return InterfaceName.parse(text).full();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    // IOS accepts "interface Gi 1/1" as well as "interface Gi1/1": where a command expects an
    // interface name and the word is a bare type followed by a number, join the two words.
    private static void mergeSplitInterfaceName(List<Word> words, int i, List<Candidate> alive) {
        if (i + 1 >= words.size()) {
            return;
        }
        boolean wantsInterface = alive.stream()
                .anyMatch(c -> c.form.size() > i && c.form.get(i).kind() == Syntax.Kind.IFNAME);
        Word type = words.get(i);
        Word number = words.get(i + 1);
        if (wantsInterface && type.text().chars().allMatch(ch -> Character.isLetter(ch) || ch == '-')
                && InterfaceName.resolveType(type.text()).isPresent() && InterfaceName.isNumber(number.text())) {
            words.set(i, new Word(type.text() + number.text(), type.column()));
            words.remove(i + 1);
        }
    }
}
