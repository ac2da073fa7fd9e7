package org.crs.routers.driver.cli;

import java.io.OutputStream;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * What the router prints on a {@link CliSession}'s PTY, read up to the line that ends an answer
 * (a prompt, a question, a page of the pager): the reading and paging seam of a session.
 * Carriage returns, bells and other control characters (but backspaces) are dropped, so
 * answers are plain lines ending in {@code \n}; the helpers below remove the pager's marks and
 * the router's echo from them.
 */
final class CliTerminal extends OutputStream {

    /** IOS's pager at the end of a page, waiting for a key. */
    static final Pattern MORE_AT_END = Pattern.compile(".*--More-- ?");

    /** The pager's marker and the backspaces, spaces and backspaces IOS prints to erase it. */
    private static final Pattern MORE_MARK = Pattern.compile(" ?--More-- ?(?:\\x08+ *\\x08*)?");

    private final StringBuilder text = new StringBuilder();
    private boolean closed;

    @Override
    public synchronized void write(int b) {
        append(b);
        notifyAll();
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            append(b[i]);
        }
        notifyAll();
    }

    private void append(int b) {
        char c = (char) (b & 0xff);
        // Backspaces are kept: they belong to the pager's erasure of --More--, removed with it.
        if (c == '\n' || c == '\t' || c == '\b' || (c >= 0x20 && c != 0x7f)) {
            text.append(c);
        }
    }

    synchronized void markClosed() {
        closed = true;
        notifyAll();
    }

    /**
     * Waits until the last (unterminated) line of the output satisfies {@code isEnd}, then
     * returns all output so far and forgets it.
     */
    synchronized String awaitLastLine(Predicate<String> isEnd, Duration timeout) throws Stalled, Dropped {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String last = text.substring(text.lastIndexOf("\n") + 1);
            if (isEnd.test(last)) {
                String all = text.toString();
                text.setLength(0);
                return all;
            }
            if (closed) {
                throw new Dropped(text.toString());
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new Stalled(text.toString());
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Stalled(text.toString());
            }
        }
    }

    /** No prompt came in time. */
    static final class Stalled extends Exception {
        private static final long serialVersionUID = 1L;
        final String partial;

        Stalled(String partial) {
            super(null, null, false, false);
            this.partial = partial;
        }
    }

    /** The connection closed while waiting. */
    static final class Dropped extends Exception {
        private static final long serialVersionUID = 1L;
        final String partial;

        Dropped(String partial) {
            super(null, null, false, false);
            this.partial = partial;
        }
    }

    /** The text without the pager's markers and the backspaces that erase them. */
    static String unpage(String text) {
        if (text.indexOf('-') < 0 && text.indexOf('\b') < 0) {
            return text;
        }
        return MORE_MARK.matcher(text).replaceAll("").replace("\b", "");
    }

    /** The answer without the router's echo of the line sent; the secret is never echoed by IOS. */
    static String stripEcho(String text, String line) {
        int nl = text.indexOf('\n');
        String first = nl < 0 ? text : text.substring(0, nl);
        if (!line.isEmpty() && first.strip().equals(line.strip())) {
            return nl < 0 ? "" : text.substring(nl + 1);
        }
        // An empty first line is the echo of the (unechoed) secret's line ending.
        if (first.isBlank() && nl >= 0) {
            return text.substring(nl + 1);
        }
        return text;
    }

    static String lastLine(String text) {
        return text.substring(text.lastIndexOf('\n') + 1);
    }

    static String lastOutput(String partial) {
        String p = partial.strip();
        if (p.isEmpty()) {
            return "";
        }
        return "; last output: " + (p.length() > 200 ? "..." + p.substring(p.length() - 200) : p);
    }
}
