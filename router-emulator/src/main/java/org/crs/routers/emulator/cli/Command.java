package org.crs.routers.emulator.cli;

import java.util.List;

/**
 * One command of one mode: its syntax, expanded into linear forms, and what it does.
 */
final class Command {

    /** What a command does when a line matches it; returns the text to print (may be empty). */
    @FunctionalInterface
    interface Action {
        String run(IosSession session, Args args) throws IosError;
    }

    final String syntax;
    final List<List<Syntax.Element>> forms;
    final Action action;

    Command(String syntax, Action action) {
        this.syntax = syntax;
        this.forms = Syntax.expand(syntax);
        this.action = action;
    }
}
