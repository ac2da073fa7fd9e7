package org.crs.routers.emulator.cli;

/**
 * A command IOS refuses. Either invalid input at a column (rendered with the caret under the
 * column) or a message of IOS's own wording, printed as it is.
 */
final class IosError extends Exception {

    private static final long serialVersionUID = 1L;

    static final String INVALID_INPUT = "% Invalid input detected at '^' marker.";
    static final String INCOMPLETE = "% Incomplete command.";
    static final String SHOW_WITHOUT_SUBCOMMAND = "% Type \"show ?\" for a list of subcommands";

    private final int column;

    private IosError(String message, int column) {
        super(message, null, false, false);
        this.column = column;
    }

    /** Invalid input, with the caret under {@code column} of the command line. */
    static IosError invalidAt(int column) {
        return new IosError(INVALID_INPUT, column);
    }

    static IosError incomplete() {
        return new IosError(INCOMPLETE, -1);
    }

    /** IOS puts two spaces after the colon, and quotes the whole line typed. */
    static IosError ambiguous(String line) {
        return new IosError("% Ambiguous command:  \"" + line + "\"", -1);
    }

    /** A bare {@code show} (IOS prints no empty line after this one). */
    static IosError showWithoutSubcommand() {
        return new IosError(SHOW_WITHOUT_SUBCOMMAND, -1);
    }

    /** A refusal in IOS's words, for example {@code %Default VLAN 1 may not be deleted.} */
    static IosError message(String text) {
        return new IosError(text, -1);
    }

    /** Where the caret goes, or -1 when the error has no caret. */
    int column() {
        return column;
    }

    /** The answer IOS prints, given the length of the prompt the line was typed after. */
    String render(int promptLength) {
        // IOS follows its own "% ..." parser errors with an empty line.
        String blank = getMessage().startsWith("% ") && !getMessage().equals(SHOW_WITHOUT_SUBCOMMAND) ? "\n" : "";
        if (column < 0) {
            return getMessage() + "\n" + blank;
        }
        return " ".repeat(promptLength + column) + "^\n" + getMessage() + "\n" + blank;
    }
}
