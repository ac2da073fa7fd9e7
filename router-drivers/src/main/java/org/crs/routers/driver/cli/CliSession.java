package org.crs.routers.driver.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.auth.password.UserAuthPasswordFactory;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.future.AuthFuture;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;
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

    private static final String PROMPT_TAIL = "(?:\\((?<mode>[A-Za-z0-9-]+)\\))?(?<level>[>#]) ?";

    /**
     * Any IOS prompt, used until the router's hostname is known: {@code edge-a>},
     * {@code edge-a#}, {@code edge-a(config-if)#}, {@code core-b(cfg-ip-expl-path)#}.
     */
    private static final Pattern ANY_PROMPT = Pattern.compile("(?<host>[A-Za-z0-9][A-Za-z0-9._-]*)" + PROMPT_TAIL);

    private static final Pattern PASSWORD_PROMPT = Pattern.compile("Password: ?");

    /** IOS's pager at the end of a page, waiting for a key. */
    private static final Pattern MORE_AT_END = Pattern.compile(".*--More-- ?");

    /** The pager's marker and the backspaces, spaces and backspaces IOS prints to erase it. */
    private static final Pattern MORE_MARK = Pattern.compile(" ?--More-- ?(?:\\x08+ *\\x08*)?");

    /** A question IOS waits on: {@code [confirm]}, {@code Destination filename [startup-config]? }, {@code [yes/no]: }. */
    private static final Pattern QUESTION = Pattern.compile(".*(?:\\[confirm\\]|\\[yes/no\\]: ?|\\]\\? ?)");

    /** The questions a save may ask that the default answer (Enter) confirms. */
    private static final Pattern SAVE_QUESTION = Pattern.compile(
            "(?:Destination filename \\[startup-config\\]\\?|.*\\[confirm\\]) ?");

    /** A save asks at most this many questions (copy: destination, then overwrite). */
    private static final int MAX_SAVE_QUESTIONS = 3;

    /** The save command the drivers send, and the one some releases want instead. */
    public static final String WRITE_MEMORY = "write memory";
    public static final String COPY_RUNNING_STARTUP = "copy running-config startup-config";

    private final RouterEndpoint router;
    private final CliTimeouts timeouts;
    private final DeviceLog log;
    private final Terminal terminal = new Terminal();

    private SshClient client;
    private ClientSession ssh;
    private ChannelShell shell;
    private OutputStream toRouter;
    private Pattern prompt = ANY_PROMPT;
    private String hostname = "";
    private String mode = "";
    /** {@code >} in user mode, {@code #} in privileged mode. */
    private String level = ">";
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
        return new CliAnswer(command, all, failed, mode, reply.problem);
    }

    /** One line within {@code timeout}, its mode checked; a question ends the session. */
    private CliAnswer line(String command, Duration timeout) throws DriverException {
        Reply reply = exchange(command, command, timeout, false, CliModes.after(mode, command));
        if (reply.question != null) {
            throw unexpectedQuestion(command, reply);
        }
        return new CliAnswer(command, reply.text, CliAnswer.isError(reply.text) || !reply.problem.isEmpty(), mode,
                reply.problem);
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
        return mode;
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
        client = SshClient.setUpDefaultClient();
        // Any host key is accepted for now: the inventory holds no router host keys yet. A
        // known-hosts policy (KnownHostsServerKeyVerifier over a file kept with the inventory)
        // is to replace this before the drivers face routers outside a lab.
        client.setServerKeyVerifier((session, address, key) -> true);
        // Password authentication only, so that one login is one attempt on the router.
        client.setUserAuthFactories(List.of(UserAuthPasswordFactory.INSTANCE));
        // The inventory says where the router is: the service account's ~/.ssh/config and keys
        // must not redirect or change the login.
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        // An interactive session sends small packets and waits for each answer: without
        // TCP_NODELAY, Nagle's algorithm can hold a packet until the peer's delayed ACK, ~40 ms
        // per command (OpenSSH sets it for interactive sessions for the same reason).
        CoreModuleProperties.TCP_NODELAY.set(client, true);
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
            banner = terminal.awaitLastLine(line -> ANY_PROMPT.matcher(line).matches(), timeouts.login());
        } catch (Stalled e) {
            throw fail(step, "no prompt within " + seconds(timeouts.login()) + lastOutput(e.partial), Outcome.TIMEOUT,
                    at, started, null);
        } catch (Dropped e) {
            throw fail(step, "connection closed before the first prompt" + lastOutput(e.partial), Outcome.DISCONNECTED,
                    at, started, null);
        }
        String promptLine = lastLine(banner);
        Matcher m = ANY_PROMPT.matcher(promptLine);
        m.matches();
        hostname = m.group("host");
        prompt = Pattern.compile(Pattern.quote(hostname) + PROMPT_TAIL);
        level = m.group("level");
        record(step, "connected, prompt " + promptLine.strip(), Outcome.OK, at, started);
    }

    private void enable() throws DriverException {
        if (level.equals("#")) {
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
        String modeBefore = mode;
        try {
            toRouter.write((line + "\n").getBytes(StandardCharsets.ISO_8859_1));
            toRouter.flush();
        } catch (IOException e) {
            throw lost(logged, "connection dropped while sending", Outcome.DISCONNECTED, at, started, e);
        }
        Predicate<String> ends = last -> {
            String seen = unpage(last);
            return prompt.matcher(seen).matches() || MORE_AT_END.matcher(last).matches()
                    || QUESTION.matcher(seen).matches()
                    || (passwordPromptEnds && PASSWORD_PROMPT.matcher(seen).matches());
        };
        StringBuilder collected = new StringBuilder();
        int pages = 0;
        while (true) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new Stalled("");
                }
                collected.append(terminal.awaitLastLine(ends, Duration.ofNanos(left)));
            } catch (Stalled e) {
                String partial = stripEcho(unpage(collected + e.partial), line);
                throw lost(logged, "no prompt within " + seconds(timeout) + lastOutput(partial), Outcome.TIMEOUT, at,
                        started, null);
            } catch (Dropped e) {
                String partial = stripEcho(unpage(collected + e.partial), line);
                throw lost(logged, "connection dropped" + lastOutput(partial), Outcome.DISCONNECTED, at, started,
                        null);
            }
            if (!MORE_AT_END.matcher(lastLine(collected.toString())).matches()) {
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
        String raw = unpage(collected.toString());
        String last = lastLine(raw);
        String text = stripEcho(raw.substring(0, raw.length() - last.length()), line);
        Matcher m = prompt.matcher(last);
        Reply reply;
        if (m.matches()) {
            mode = m.group("mode") == null ? "" : m.group("mode");
            String problem = "";
            if (expectedModes != null && !CliAnswer.isError(text) && !expectedModes.contains(mode)) {
                problem = "the router " + (text.isBlank() ? "answered nothing" : "showed no error")
                        + (mode.equals(modeBefore) ? " but stayed at " : " but went to ") + promptOf(mode)
                        + " where " + expectedModes.stream().sorted().map(this::promptOf)
                        .collect(Collectors.joining(" or ")) + " was expected: the command was not accepted";
            }
            reply = new Reply(text, m.group("level"), false, null, problem);
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

    /** The prompt of a mode on this router, as IOS shows it: {@code edge-a(config-if)#}. */
    private String promptOf(String aMode) {
        return hostname + (aMode.isEmpty() ? "" : "(" + aMode + ")") + "#";
    }

    /** The text without the pager's markers and the backspaces that erase them. */
    private static String unpage(String text) {
        if (text.indexOf('-') < 0 && text.indexOf('\b') < 0) {
            return text;
        }
        return MORE_MARK.matcher(text).replaceAll("").replace("\b", "");
    }

    /** The answer without the router's echo of the line sent; the secret is never echoed by IOS. */
    private static String stripEcho(String text, String line) {
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

    private static String lastLine(String text) {
        return text.substring(text.lastIndexOf('\n') + 1);
    }

    private static String lastOutput(String partial) {
        String p = partial.strip();
        if (p.isEmpty()) {
            return "";
        }
        return "; last output: " + (p.length() > 200 ? "..." + p.substring(p.length() - 200) : p);
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

    // --- the terminal ----------------------------------------------------------------------

    /** No prompt came in time. */
    private static final class Stalled extends Exception {
        private static final long serialVersionUID = 1L;
        final String partial;

        Stalled(String partial) {
            super(null, null, false, false);
            this.partial = partial;
        }
    }

    /** The connection closed while waiting. */
    private static final class Dropped extends Exception {
        private static final long serialVersionUID = 1L;
        final String partial;

        Dropped(String partial) {
            super(null, null, false, false);
            this.partial = partial;
        }
    }

    /**
     * Collects what the router prints. Carriage returns, bells and other control characters
     * (but backspaces) are dropped, so answers are plain lines ending in {@code \n}.
     */
    private static final class Terminal extends OutputStream {

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
    }
}
