package org.crs.routers.emulator.cli;

import java.util.List;

/**
 * The words of a matched command line: keywords expanded to their full form, arguments as
 * typed (interface names in full), with each word's column in the line for error carets.
 */
final class Args {

    private final List<String> words;
    private final List<Integer> columns;
    private final List<Boolean> keywords;
    private final List<String> typed;

    Args(List<String> words, List<String> typed, List<Integer> columns, List<Boolean> keywords) {
        this.words = List.copyOf(words);
        this.typed = List.copyOf(typed);
        this.columns = List.copyOf(columns);
        this.keywords = List.copyOf(keywords);
    }

    /** The {@code n}th argument (not counting keywords), 0-based. */
    String arg(int n) {
        return words.get(argIndex(n));
    }

    /** The {@code n}th argument as the user typed it (an interface name may be abbreviated). */
    String typedArg(int n) {
        return typed.get(argIndex(n));
    }

    long number(int n) {
        return Long.parseLong(arg(n));
    }

    /** The column of the {@code n}th argument in the line. */
    int argColumn(int n) {
        return columns.get(argIndex(n));
    }

    int argCount() {
        return (int) keywords.stream().filter(k -> !k).count();
    }

    /** True when the line used the keyword (in full form). */
    boolean has(String keyword) {
        for (int i = 0; i < words.size(); i++) {
            if (keywords.get(i) && words.get(i).equals(keyword)) {
                return true;
            }
        }
        return false;
    }

    /** The word after the given keyword, or null when the keyword is absent or last. */
    String after(String keyword) {
        for (int i = 0; i < words.size() - 1; i++) {
            if (keywords.get(i) && words.get(i).equals(keyword)) {
                return words.get(i + 1);
            }
        }
        return null;
    }

    /** The words from index {@code from} on, joined with spaces: for keyword-led tails such as actions. */
    String joinedFrom(int from) {
        return String.join(" ", words.subList(from, words.size()));
    }

    List<String> words() {
        return words;
    }

    private int argIndex(int n) {
        int seen = -1;
        for (int i = 0; i < words.size(); i++) {
            if (!keywords.get(i) && ++seen == n) {
                return i;
            }
        }
        throw new IndexOutOfBoundsException("no argument " + n + " in " + words);
    }
}
