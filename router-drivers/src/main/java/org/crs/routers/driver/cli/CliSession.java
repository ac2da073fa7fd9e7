package org.crs.routers.driver.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.future.AuthFuture;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.client.session.ClientSession;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DeviceLogEntry.Outcome;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterEndpoint;

/**
 * One SSH session to the CLI of a Cisco IOS router, used the way an operator uses it: an
 * interactive shell on a PTY, one line at a time, waiting for the prompt after each.
 *
 * <p>Opening a session logs in with the password, waits for the first prompt, enters
 * privileged mode with {@code enable} when the prompt is {@code >}, and turns paging off with
 * {@code terminal length 0}. The router echoes every line it receives (as IOS does on a PTY),
 * so the answer to a command is the text after the echoed line up to the next prompt. Should
 * the router refuse {@code terminal length 0}, long answers come in pages ending in
 * {@code  --More-- }: the session answers each with a space and removes the marker (and the
 * backspaces IOS prints to erase it) from the text.
 *
 * <p>IOS has no exit status: an answer is a failure when one of its lines starts with
 * {@code %} (or {@code Command rejected}), or when the prompt after it is not in the mode the
 * command leads to ({@link CliModes}): some releases refuse a line by printing nothing and
 * staying in the mode they were in, and the failure must be blamed on that line, not on the
 * next one. The session carries on after a refusal. A command that gets no prompt in time, or
 * a connection that drops, ends the session: output that arrives late would be taken for the
 * answer to the next command, so a stalled session is never reused. Every wait is bounded by
 * {@link CliTimeouts}, by the kind of command: a configuration line, a {@code show}, a save.
 *
 * <p>A save ({@link #save()}) answers IOS's confirmation questions with the default
 * (Enter): {@code Destination filename [startup-config]?} and {@code [confirm]}. Any other
 * question, or a question after a command that is not a save, is never answered: the session
 * is closed, which cancels it.
 *
 * <p>Every line sent and its answer go to the {@link DeviceLog}. The enable secret is
 * recorded as {@code <secret>}; passwords never appear in a log entry or an exception.
 *
 * <p>Not thread-safe: one session serves one driver call.
 */
public final class CliSession implements AutoCloseable {

    /** How the enable secret appears in logs and errors. */
    public static final String SECRET = "<secret>";

    /** IOS's largest terminal width, so that long command lines are echoed without wrapping. */
    private static final int PTY_COLUMNS = 512;

    private static final Pattern PASSWORD_PROMPT = Pattern.compile("Password: ?");

    /** A question IOS waits on: {@code [confirm]}, {@code Destination filename [startup-config]? }, {@code [yes/no]: }. */
    private static final Pattern QUESTION = Pattern.compile(".*(?:\\[confirm\\]|\\[yes/no\\]: ?|\\]\\? ?)");

    /** The questions a save may ask that the default answer (Enter) confirms. */
    private static final Pattern SAVE_QUESTION = Pattern.compile(
            "(?:Destination filename \\[startup-config\\]\\?|.*\\[confirm\\]) ?");

    /** A save asks at most this many questions (copy: destination, then overwrite). */
    private static final int MAX_SAVE_QUESTIONS = 3;

    private static final String END = "end";
    private static final String EXIT = "exit";
    /** More nested configuration modes than IOS has: bounds the exits after a refused {@code end}. */
    private static final int MAX_DEPTH = 6;

    /** The save command the drivers send, and the one some releases want instead. */
    public static final String WRITE_MEMORY = "write memory";
    public static final String COPY_RUNNING_STARTUP = "copy running-config startup-config";

    private final RouterEndpoint router;
    private final CliTimeouts timeouts;
    private final DeviceLog log;
    private final CliTerminal terminal = new CliTerminal();

    private SshClient client;
    private ClientSession ssh;
    private ChannelShell shell;
    private OutputStream toRouter;
    /** Known once the first prompt came. */
    private IosPrompt prompt;
    private boolean closed;

    private CliSession(RouterEndpoint router, CliTimeouts timeouts, DeviceLog log) {
        this.router = router;
        this.timeouts = timeouts;
        this.log = log;
    }

    /**
     * Connects, logs in, enters privileged mode and turns paging off.
     *
     * @throws DriverException when the connection is refused or times out, the login or the
     *     enable secret is refused, or the router does not show a prompt in time
     */
    public static CliSession open(RouterEndpoint router, CliTimeouts timeouts, DeviceLog log) throws DriverException {
        if (router.sshPort() <= 0) {
            throw new IllegalArgumentException("router " + router.name() + " has no SSH port");
        }
        CliSession session = new CliSession(router, timeouts, log);
        try {
            session.connect();
            session.enable();
            // Refused on some releases and for some users: the pages are then turned by the
            // session (see exchange), so the refusal is logged and the session carries on.
            session.send("terminal length 0");
            return session;
        } catch (DriverException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /**
     * Sends one command line and waits for the next prompt.
     *
     * @return the router's answer; {@link CliAnswer#failed()} tells whether IOS refused it
     * @throws DriverException when no prompt came in time or the connection dropped; the
     *     session is closed then
     */
    public CliAnswer send(String command) throws DriverException {
        return line(command, timeouts.command());
    }

    /**
     * Sends a command that reads something ({@code show ...}), within the show timeout, and
     * returns its output (all its pages).
     *
     * @throws DriverException when IOS refused the command, or on a timeout or dropped connection
     */
    public String show(String command) throws DriverException {
        CliAnswer answer = line(command, timeouts.show());
        if (answer.failed()) {
            throw new DriverException(router.name(), command, answer.errorText(), null);
        }
        return answer.text();
    }

    /** Whether {@code step} is one of the save commands {@link #save()} sends. */
    public static boolean isSave(String step) {
        return WRITE_MEMORY.equals(step) || COPY_RUNNING_STARTUP.equals(step);
    }

    /**
     * Saves the running configuration: {@code write memory}, or where a release refuses it,
     * {@code copy running-config startup-config}; answers the confirmation questions with
     * their default; waits for the prompt within the save timeout.
     *
     * @return the answer (the command is the one that was answered last); failed when IOS
     *     refused to save
     * @throws DriverException on a timeout, a dropped connection or a question a save does
     *     not expect; the session is closed then
     */
    public CliAnswer save() throws DriverException {
        CliAnswer written = saveWith(WRITE_MEMORY);
        if (written.failed() && written.text().contains("% Invalid input")) {
            return saveWith(COPY_RUNNING_STARTUP);
        }
        return written;
    }

    private CliAnswer saveWith(String command) throws DriverException {
        long deadline = System.nanoTime() + timeouts.save().toNanos();
        Reply reply = exchange(command, command, timeouts.save(), false, Set.of(CliModes.EXEC));
        StringBuilder text = new StringBuilder(reply.text);
        for (int asked = 0; reply.question != null; asked++) {
            if (asked >= MAX_SAVE_QUESTIONS || !SAVE_QUESTION.matcher(reply.question.strip()).matches()) {
                throw unexpectedQuestion(command, reply);
            }
            text.append(reply.question.strip()).append('\n');
            Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
            reply = exchange("", "<Enter> to: " + reply.question.strip(), left, false, Set.of(CliModes.EXEC));
            text.append(reply.text);
        }
        String all = text.toString();
        boolean failed = CliAnswer.isError(all) || !reply.problem.isEmpty();
        return new CliAnswer(command, all, failed, mode(), reply.problem);
    }

    /**
     * One line within {@code timeout}, its mode checked; a question ends the session. A refused
     * {@code end} is followed by {@code exit}s up to the privileged prompt, so that the next
     * {@code show} or save is not typed in configuration mode (where it would wait out its
     * timeout); the {@code end} still answers as refused.
     */
    private CliAnswer line(String command, Duration timeout) throws DriverException {
        Reply reply = exchange(command, command, timeout, false, CliModes.after(mode(), command));
        if (reply.question != null) {
            throw unexpectedQuestion(command, reply);
        }
        boolean failed = CliAnswer.isError(reply.text) || !reply.problem.isEmpty();
        CliAnswer answer = new CliAnswer(command, reply.text, failed, mode(), reply.problem);
        // Each exit climbs one mode; a prompt that does not climb stops the climb.
        for (int depth = 0; failed && command.strip().equals(END) && !mode().isEmpty() && depth < MAX_DEPTH; depth++) {
            if (line(EXIT, timeouts.command()).failed()) {
                break;
            }
        }
        return answer;
    }

    private DriverException unexpectedQuestion(String command, Reply reply) {
        String asked = reply.question.strip();
        record(command, "unexpected question, not answered: " + asked, Outcome.ERROR, Instant.now(), System.nanoTime());
        close();
        return new DriverException(router.name(), command, redact("the router asked \"" + asked
                + "\", which is not answered for this command; the session was closed so that nothing is confirmed"),
                null);
    }

    /** {@code show running-config}, parsed. */
    public RunningConfig runningConfig() throws DriverException {
        return RunningConfig.parse(show("show running-config"));
    }

    /** False once the session was closed, timed out or lost its connection. */
    public boolean isOpen() {
        return !closed && shell != null && shell.isOpen();
    }

    /** The configuration mode of the last prompt ({@code config}, {@code config-if}...), empty in exec mode. */
    public String mode() {
        return prompt == null ? CliModes.EXEC : prompt.mode();
    }

    /** The router this session talks to. */
    public RouterEndpoint router() {
        return router;
    }

    /** Closes the connection at once; never throws. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        terminal.markClosed();
        try {
            if (shell != null) {
                shell.close(true);
            }
            if (ssh != null) {
                ssh.close(true);
            }
        } finally {
            if (client != null) {
                client.stop();
            }
        }
    }

    // --- login ---------------------------------------------------------------------------

    private void connect() throws DriverException {
        String step = "ssh " + router.host() + ":" + router.sshPort();
        Instant at = Instant.now();
        long started = System.nanoTime();
        client = RouterSshClient.create();
        client.start();
        try {
            ConnectFuture connecting = client.connect(router.username(), router.host(), router.sshPort());
            if (!connecting.await(timeouts.connect())) {
                connecting.cancel();
                throw fail(step, "no SSH connection within " + seconds(timeouts.connect()), Outcome.TIMEOUT, at, started, null);
            }
            if (connecting.getException() != null) {
                throw fail(step, "connection failed: " + rootMessage(connecting.getException()), Outcome.DISCONNECTED,
                        at, started, connecting.getException());
            }
            ssh = connecting.getSession();
            ssh.addCloseFutureListener(f -> terminal.markClosed());
            ssh.addPasswordIdentity(router.password());
            AuthFuture auth = ssh.auth();
            if (!auth.await(timeouts.login())) {
                throw fail(step, "login not answered within " + seconds(timeouts.login()), Outcome.TIMEOUT, at, started, null);
            }
            if (!auth.isSuccess()) {
                // The cause's text comes from the SSH library, never holds the password, and
                // says whether the server refused or closed the connection.
                String why = auth.getException() == null ? "" : " (" + rootMessage(auth.getException()) + ")";
                throw fail(step, "login refused: authentication failed" + why, Outcome.ERROR, at, started, null);
            }
            shell = ssh.createShellChannel();
            shell.setPtyType("vt100");
            shell.setPtyColumns(PTY_COLUMNS);
            shell.setOut(terminal);
            shell.setErr(terminal);
            shell.addCloseFutureListener(f -> terminal.markClosed());
            OpenFuture opening = shell.open();
            if (!opening.await(timeouts.login())) {
                throw fail(step, "no shell within " + seconds(timeouts.login()), Outcome.TIMEOUT, at, started, null);
            }
            if (!opening.isOpened()) {
                throw fail(step, "the router refused a shell" + (opening.getException() == null ? ""
                        : ": " + rootMessage(opening.getException())), Outcome.ERROR, at, started, null);
            }
            toRouter = shell.getInvertedIn();
        } catch (IOException e) {
            throw fail(step, "connection failed: " + rootMessage(e), Outcome.DISCONNECTED, at, started, e);
        }

        // The first prompt tells the hostname; from then on only that router's prompt ends an answer.
        String banner;
        try {
            banner = terminal.awaitLastLine(line -> IosPrompt.ANY.matcher(line).matches(), timeouts.login());
        } catch (CliTerminal.Stalled e) {
            throw fail(step, "no prompt within " + seconds(timeouts.login()) + CliTerminal.lastOutput(e.partial), Outcome.TIMEOUT,
                    at, started, null);
        } catch (CliTerminal.Dropped e) {
            throw fail(step, "connection closed before the first prompt" + CliTerminal.lastOutput(e.partial), Outcome.DISCONNECTED,
                    at, started, null);
        }
        String promptLine = CliTerminal.lastLine(banner);
        prompt = IosPrompt.first(promptLine);
        record(step, "connected, prompt " + promptLine.strip(), Outcome.OK, at, started);
    }

    private void enable() throws DriverException {
        if (prompt.firstLevel().equals("#")) {
            return;
        }
        Reply asked = exchange("enable", "enable", timeouts.login(), true, null);
        if (asked.passwordPrompt) {
            Reply answered = exchange(router.enableSecret() == null ? "" : router.enableSecret(), SECRET,
                    timeouts.login(), true, null);
            if (answered.passwordPrompt || !"#".equals(answered.level) || CliAnswer.isError(answered.text)) {
                String said = answered.passwordPrompt ? "asked for the password again" : answered.text.strip();
                throw new DriverException(router.name(), "enable", "enable refused (" + said + ")", null);
            }
        } else if (!"#".equals(asked.level)) {
            throw new DriverException(router.name(), "enable", "enable refused (" + asked.text.strip() + ")", null);
        }
    }

    // --- one exchange --------------------------------------------------------------------

    /**
     * The answer to one line, and what ended it.
     *
     * @param level {@code #} or {@code >}; null when a password prompt or a question ended it
     * @param question the question line IOS waits on, or null
     * @param problem why the prompt's mode is not one the line leads to; empty when it is
     */
    private record Reply(String text, String level, boolean passwordPrompt, String question, String problem) {
    }

    /**
     * Sends one line and reads the answer up to the next prompt (or password prompt, when
     * allowed, or question), turning the pager's pages on the way.
     *
     * @param expectedModes the modes the prompt may show after the line; null: not checked
     */
    private Reply exchange(String line, String logged, Duration timeout, boolean passwordPromptEnds,
                           Set<String> expectedModes) throws DriverException {
        if (closed || toRouter == null) {
            throw new DriverException(router.name(), logged, "the session is closed", null);
        }
        Instant at = Instant.now();
        long started = System.nanoTime();
        long deadline = started + timeout.toNanos();
        String modeBefore = mode();
        try {
            toRouter.write((line + "\n").getBytes(StandardCharsets.ISO_8859_1));
            toRouter.flush();
        } catch (IOException e) {
            throw lost(logged, "connection dropped while sending", Outcome.DISCONNECTED, at, started, e);
        }
        Predicate<String> ends = last -> {
            String seen = CliTerminal.unpage(last);
            return prompt.matches(seen) || CliTerminal.MORE_AT_END.matcher(last).matches()
                    || QUESTION.matcher(seen).matches()
                    || (passwordPromptEnds && PASSWORD_PROMPT.matcher(seen).matches());
        };
        StringBuilder collected = new StringBuilder();
        int pages = 0;
        while (true) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new CliTerminal.Stalled("");
                }
                collected.append(terminal.awaitLastLine(ends, Duration.ofNanos(left)));
            } catch (CliTerminal.Stalled e) {
                String partial = CliTerminal.stripEcho(CliTerminal.unpage(collected + e.partial), line);
                throw lost(logged, "no prompt within " + seconds(timeout) + CliTerminal.lastOutput(partial), Outcome.TIMEOUT, at,
                        started, null);
            } catch (CliTerminal.Dropped e) {
                String partial = CliTerminal.stripEcho(CliTerminal.unpage(collected + e.partial), line);
                throw lost(logged, "connection dropped" + CliTerminal.lastOutput(partial), Outcome.DISCONNECTED, at, started,
                        null);
            }
            if (!CliTerminal.MORE_AT_END.matcher(CliTerminal.lastLine(collected.toString())).matches()) {
                break;
            }
            // A page of a paged answer: a space asks for the next one (IOS does not echo it).
            pages++;
            try {
                toRouter.write(' ');
                toRouter.flush();
            } catch (IOException e) {
                throw lost(logged, "connection dropped while turning page " + pages, Outcome.DISCONNECTED, at, started,
                        e);
            }
        }
        String raw = CliTerminal.unpage(collected.toString());
        String last = CliTerminal.lastLine(raw);
        String text = CliTerminal.stripEcho(raw.substring(0, raw.length() - last.length()), line);
        String level = prompt.read(last);
        Reply reply;
        if (level != null) {
            String problem = expectedModes == null || CliAnswer.isError(text) ? ""
                    : prompt.problem(text, modeBefore, expectedModes);
            reply = new Reply(text, level, false, null, problem);
        } else if (passwordPromptEnds && PASSWORD_PROMPT.matcher(last).matches()) {
            reply = new Reply(text, null, true, null, "");
        } else {
            reply = new Reply(text, null, false, last, "");
        }
        boolean failed = CliAnswer.isError(text) || !reply.problem.isEmpty()
                || (SECRET.equals(logged) && reply.passwordPrompt);
        String response = reply.level == null ? (text + "\n" + last).strip() : text.strip();
        if (!reply.problem.isEmpty()) {
            response = (response + "\n" + reply.problem).strip();
        }
        if (pages > 0) {
            response = response + "\n(" + pages + (pages == 1 ? " page" : " pages") + " turned at --More--)";
        }
        record(logged, response, failed ? Outcome.ERROR : Outcome.OK, at, started);
        return reply;
    }



    private DriverException lost(String step, String what, Outcome outcome, Instant at, long started, Throwable cause) {
        record(step, what, outcome, at, started);
        close();
        return new DriverException(router.name(), step, redact(what), cause);
    }

    private DriverException fail(String step, String what, Outcome outcome, Instant at, long started, Throwable cause) {
        record(step, what, outcome, at, started);
        return new DriverException(router.name(), step, redact(what), cause);
    }

    private void record(String request, String response, Outcome outcome, Instant at, long started) {
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        log.record(new DeviceLogEntry(router.name(), DeviceLogEntry.Protocol.CLI, request, redact(response), outcome,
                at, elapsed));
    }

    /**
     * A last guard: IOS never echoes a password, but should a device (or an emulator) print
     * one, it is masked before it reaches a log or an exception.
     */
    private String redact(String text) {
        String out = text;
        for (String secret : new String[] {router.password(), router.enableSecret()}) {
            if (secret != null && secret.length() >= 4) {
                out = out.replace(secret, SECRET);
            }
        }
        return out;
    }



    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage();
        return msg == null ? root.getClass().getSimpleName() : msg;
    }
}
