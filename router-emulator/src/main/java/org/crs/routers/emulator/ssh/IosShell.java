package org.crs.routers.emulator.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.cli.IosSession;
import org.crs.routers.emulator.sessions.Session;
import org.crs.routers.emulator.sessions.SessionLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An interactive SSH shell that behaves like an IOS terminal: it echoes what is typed
 * (except secrets), runs each line through an {@link IosSession}, answers with CRLF line
 * ends and shows the mode's prompt. Ctrl-Z is {@code end}; backspace edits the line.
 *
 * <p>Answers longer than the terminal length ({@code terminal length}, 24 lines unless set)
 * are paged as IOS pages them: a page of length - 1 lines, then {@code  --More-- }; a space
 * shows the next page, Enter one more line, any other key ends the answer; the marker is
 * then erased with backspaces, spaces and backspaces.
 */
final class IosShell implements Command, Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(IosShell.class);
    private static final char CTRL_Z = 0x1a;
    private static final String MORE = " --More-- ";
    private static final String ERASE_MORE = "\b".repeat(MORE.length()) + " ".repeat(MORE.length())
            + "\b".repeat(MORE.length());
    /**
     * What IOS prints when a save begins; a slow save pauses after it, before {@code [OK]}
     * ({@code show running-config} starts with the same line, but no {@code [OK]} follows).
     */
    private static final String BUILDING = "Building configuration...\n";
    private static final String SAVED = BUILDING + "[OK]";

    private final IosSession session;
    private final Faults faults;
    private final String hostname;
    private InputStream in;
    private OutputStream out;
    private ExitCallback exit;
    private ChannelSession channel;
    private Thread thread;
    private int linesReceived;
    private final SessionLog sessions;
    private volatile long sessionId;
    private boolean lastWasCr;

    IosShell(IosSession session, Faults faults, String hostname, SessionLog sessions) {
        this.session = session;
        this.faults = faults;
        this.hostname = hostname;
        this.sessions = sessions;
    }

    @Override
    public void setInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
        // IOS writes everything to the terminal; nothing goes to stderr.
    }

    @Override
    public void setExitCallback(ExitCallback callback) {
        this.exit = callback;
    }

    @Override
    public void start(ChannelSession channel, Environment env) {
        this.channel = channel;
        if (sessions != null) {
            sessionId = sessions.open(Session.Kind.SSH);
        }
        thread = new Thread(this, "ios-shell-" + hostname);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void destroy(ChannelSession channel) {
        recordClose(); // the channel closed: the session is over, whenever the thread notices
        if (thread != null) {
            thread.interrupt();
        }
    }

    @Override
    public void run() {
        try {
            write("\r\n" + session.prompt());
            session.confirmSavesWhen(faults::takeSaveConfirmation);
            StringBuilder line = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0) {
                char c = (char) b;
                if (c == '\n' && lastWasCr) {
                    lastWasCr = false;
                    continue;
                }
                lastWasCr = c == '\r';
                if (c == '\r' || c == '\n' || c == CTRL_Z) {
                    // Ctrl-Z runs what was typed, then "end".
                    String typed = line.toString();
                    line.setLength(0);
                    if ((c != CTRL_Z || !typed.isEmpty()) && !handleLine(typed, false)) {
                        return;
                    }
                    if (c == CTRL_Z && !handleLine("end", true)) {
                        return;
                    }
                } else if (c == 0x08 || c == 0x7f) {
                    if (line.length() > 0) {
                        line.setLength(line.length() - 1);
                        if (!session.awaitingSecret()) {
                            write("\b \b");
                        }
                    }
                } else if (c >= 0x20 || c == '\t') {
                    line.append(c);
                    if (!session.awaitingSecret()) {
                        write(String.valueOf(c));
                    }
                }
            }
        } catch (IOException e) {
            LOG.debug("{}: shell ended: {}", hostname, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            recordClose();
            if (exit != null) {
                exit.onExit(0);
            }
        }
    }

    private void recordClose() {
        if (sessions != null && sessionId != 0) {
            sessions.close(sessionId);
        }
    }

    // Returns false when the session is over.
    private boolean handleLine(String typed, boolean ctrlZ) throws IOException, InterruptedException {
        if (faults.takeDrop(linesReceived)) {
            LOG.info("{}: injected fault: dropping the connection after {} lines", hostname, linesReceived);
            channel.getSession().close(true);
            return false;
        }
        linesReceived++;
        if (sessions != null && sessionId != 0 && !session.awaitingSecret()) {
            sessions.command(sessionId, typed); // never a secret typed at the password prompt
        }
        write(ctrlZ ? "^Z\r\n" : "\r\n");
        IosSession.Answer answer = answer(typed);
        Duration delay = faults.takeDelay();
        if (!delay.isZero()) {
            Thread.sleep(delay.toMillis());
        }
        String text = answer.text();
        int building = text.indexOf(SAVED);
        Duration saving = building < 0 ? Duration.ZERO : faults.takeSaveDelay();
        if (!saving.isZero()) {
            write(text.substring(0, building + BUILDING.length()).replace("\n", "\r\n"));
            Thread.sleep(saving.toMillis());
            text = text.substring(building + BUILDING.length());
        }
        if (!page(text)) {
            return false;
        }
        if (answer.close()) {
            out.flush();
            channel.getSession().close(false);
            return false;
        }
        write(session.prompt());
        return true;
    }

    // The injected answers of some releases first, then the router's own.
    private IosSession.Answer answer(String typed) {
        if (session.awaitingSecret()) {
            return session.execute(typed);
        }
        if (faults.takeRejection(typed) || faults.takeTerminalLengthRefusal(typed)) {
            return session.refuse(typed);
        }
        if (faults.takeRejectionWithoutPercent(typed)) {
            return session.rejectWithoutPercent(typed);
        }
        if (faults.takeIgnored(typed)) {
            return new IosSession.Answer("", false);
        }
        return session.execute(typed);
    }

    /**
     * Writes an answer, a page at a time when it is longer than the terminal length. Returns
     * false when the connection ended while waiting for a key.
     */
    private boolean page(String text) throws IOException {
        int length = session.terminalLength();
        String[] lines = text.split("(?<=\n)");
        if (length <= 0 || lines.length < length) {
            write(text.replace("\n", "\r\n"));
            return true;
        }
        int next = 0;
        int pageLines = length - 1;
        while (next < lines.length) {
            StringBuilder page = new StringBuilder();
            for (int n = 0; n < pageLines && next < lines.length; n++) {
                page.append(lines[next++]);
            }
            write(page.toString().replace("\n", "\r\n"));
            if (next >= lines.length) {
                break;
            }
            write(MORE);
            int key = in.read();
            if (key < 0) {
                return false;
            }
            write(ERASE_MORE);
            if (key == ' ') {
                pageLines = length - 1;
            } else if (key == '\r' || key == '\n') {
                lastWasCr = key == '\r';
                pageLines = 1;
            } else {
                // Any other key (q) ends the answer; IOS goes on to the prompt.
                break;
            }
        }
        return true;
    }

    private void write(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
