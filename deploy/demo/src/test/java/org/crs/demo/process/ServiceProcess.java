package org.crs.demo.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * One service main ({@code BarMain}, {@code LnsapMain}, {@code NsapMain}, {@code EmulatorMain})
 * in a JVM of its own: {@code java -cp <this JVM's class path> <main class> <argument>}, its
 * output appended to a log file of its own. {@link #start()} returns once the service is ready:
 * its ready line has appeared in the log since this start, and its port (when it has one)
 * accepts connections. {@link #kill()} is a real {@code kill -9}; {@link #restart()} runs the
 * same command again, so the service finds the same configuration and the same database files.
 *
 * <p>With {@link #warmStandby()}, a second JVM of the service waits beside the running one
 * ({@link Standby}: started, the service's classes loaded, its main not yet called), and a
 * restart tells it to start the service rather than starting a JVM: the restart then costs the
 * service's own start-up, not the JVM's. A new standby is started once the service is ready
 * again. The killed process is still killed with SIGKILL; the standby is a separate process
 * that nothing of the service's shares until it is told. {@link #lastStart()} says how the last
 * start went and how long it took.
 *
 * <pre>{@code
 * ServiceProcess bar = ServiceProcess.of("bar-site-a", "org.crs.bar.server.BarMain", config, logs)
 *         .port(8080).readyLine(ServiceProcess.SERVICE_READY).start();
 * bar.kill();      // SIGKILL, waits until the process is gone
 * bar.restart();   // same config, same database; waits until ready again
 * }</pre>
 */
public final class ServiceProcess implements AutoCloseable {

    /** What {@code ServiceLauncher} prints once a BAR, L-NSAP or NSAP serves. */
    public static final Pattern SERVICE_READY = Pattern.compile(" started in \\d+ ms");
    /** What {@code EmulatorMain} prints once every router listens. */
    public static final Pattern EMULATOR_READY = Pattern.compile("router emulator running");

    private static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(90);

    /** How a start began. */
    public enum StartKind {
        /** A new JVM ran the service's main. */
        COLD,
        /** A standby JVM, started ahead, was told to run the service's main. */
        WARM
    }

    /**
     * One start: how it began and how long from then until the service was ready (its ready line
     * printed and its port accepting connections).
     */
    public record Start(StartKind kind, Duration took) {
    }

    private final String name;
    private final String mainClass;
    private final List<String> arguments;
    private final Path log;
    private final List<String> jvmOptions = new ArrayList<>();
    private int port;
    private Pattern readyLine;
    private Duration startTimeout = DEFAULT_START_TIMEOUT;
    private Process process;
    private int starts;
    private boolean warmStandby;
    private Process standby;
    private Start lastStart;

    private ServiceProcess(String name, String mainClass, List<String> arguments, Path log) {
        this.name = Objects.requireNonNull(name, "name");
        this.mainClass = Objects.requireNonNull(mainClass, "mainClass");
        this.arguments = List.copyOf(arguments);
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * A service not yet started.
     *
     * @param name the service's name, for messages and its log file ({@code <logFolder>/<name>.log})
     * @param mainClass the class whose {@code main} runs the service
     * @param config the configuration file, its one argument
     * @param logFolder where the log file goes (under {@code target/})
     */
    public static ServiceProcess of(String name, String mainClass, Path config, Path logFolder) {
        return new ServiceProcess(name, mainClass, List.of(config.toAbsolutePath().toString()),
                logFolder.resolve(name + ".log"));
    }

    /** The TCP port the service listens on; {@link #start()} waits until it accepts connections. */
    public ServiceProcess port(int port) {
        this.port = port;
        return this;
    }

    /** A line the service prints once ready; {@link #start()} waits until it appears in this start's output. */
    public ServiceProcess readyLine(Pattern readyLine) {
        this.readyLine = readyLine;
        return this;
    }

    /** An option for the service's JVM ({@code -Xmx256m}, {@code -Dkey=value}). */
    public ServiceProcess jvmOption(String option) {
        jvmOptions.add(option);
        return this;
    }

    /**
     * Keeps a standby JVM of the service waiting once it has started (see the class comment): a
     * restart then tells the standby rather than starting a JVM. The first start is cold and
     * records the classes it loads ({@code <name>.classes} beside the log), which each standby
     * loads ahead.
     */
    public ServiceProcess warmStandby() {
        this.warmStandby = true;
        return this;
    }

    /** How long {@link #start()} waits for the service to be ready (default 90 s). */
    public ServiceProcess startTimeout(Duration timeout) {
        this.startTimeout = timeout;
        return this;
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** The log file: every start's output, one after the other, each after a line naming the start. */
    public Path log() {
        return log;
    }

    public synchronized boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** The running process's id. */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " is not started");
        }
        return process.pid();
    }

    /**
     * Starts the service and waits until it is ready.
     *
     * @throws IllegalStateException if it is already running, exits before it is ready (the
     *     message quotes the end of its log), or is not ready in time (it is then killed)
     */
    public synchronized ServiceProcess start() {
        if (isAlive()) {
            throw new IllegalStateException(name + " is already running (pid " + process.pid() + ")");
        }
        try {
            Files.createDirectories(log.getParent());
            starts++;
            boolean warm = standby != null && standby.isAlive();
            Files.writeString(log, "==== " + name + " start " + starts + " at " + Instant.now() + (warm ? " (warm standby)" : "")
                    + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
            long offset = Files.size(log);
            long began = System.nanoTime();
            if (warm) {
                process = standby;
                standby = null;
                try (var word = process.getOutputStream()) {
                    word.write((Standby.GO + "\n").getBytes(StandardCharsets.UTF_8));
                }
            } else {
                // The first cold start of a service with a standby records the classes it loads, for the standbys.
                boolean recordClasses = warmStandby && !Files.exists(classList());
                process = new ProcessBuilder(command(recordClasses)).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            }
            awaitReady(offset);
            lastStart = new Start(warm ? StartKind.WARM : StartKind.COLD, Duration.ofNanos(System.nanoTime() - began));
            if (warmStandby) {
                startStandby();
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(name + " did not start", e);
        }
    }

    /** How the last start began and how long it took until ready; empty before the first. */
    public synchronized Optional<Start> lastStart() {
        return Optional.ofNullable(lastStart);
    }

    /**
     * Waits until the standby JVM has loaded its classes and waits for the word; false if it is
     * not warm within {@code within}, or there is none.
     */
    public boolean awaitStandby(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            synchronized (this) {
                if (standby == null || !standby.isAlive()) {
                    return false;
                }
            }
            if (Files.exists(standbyMarker())) {
                return true;
            }
            sleep(Duration.ofMillis(50));
        }
        return false;
    }

    private void startStandby() throws IOException {
        Files.deleteIfExists(standbyMarker());
        List<String> command = new ArrayList<>(jvmPart());
        command.add(Standby.class.getName());
        command.add(standbyMarker().toAbsolutePath().toString());
        command.add(classList().toAbsolutePath().toString());
        command.add(mainClass);
        command.addAll(arguments);
        standby = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    private Path classList() {
        return log.resolveSibling(name + ".classes");
    }

    private Path standbyMarker() {
        return log.resolveSibling(name + ".standby");
    }

    /** The command line: this JVM's java and class path (through an argument file), the main class and its argument. */
    List<String> command() throws IOException {
        return command(false);
    }

    private List<String> command(boolean recordClasses) throws IOException {
        List<String> command = new ArrayList<>(jvmPart());
        if (recordClasses) {
            // One class a line, its name first (no decorations): what a standby loads ahead.
            command.add(command.size() - 1, "-Xlog:class+load=info:file=" + classList().toAbsolutePath() + ":none");
        }
        command.add(mainClass);
        command.addAll(arguments);
        return command;
    }

    /** java, the JVM options and the class path (through an argument file, which keeps a long class path off the command line). */
    private List<String> jvmPart() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path classPath = log.resolveSibling(name + ".classpath");
        Files.writeString(classPath, "-cp \"" + System.getProperty("java.class.path").replace("\\", "\\\\") + "\"\n");
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.add("@" + classPath);
        return command;
    }

    private void awaitReady(long offset) throws IOException {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            boolean lineSeen = readyLine == null || readyLine.matcher(logSince(offset)).find();
            if (lineSeen && (port <= 0 || accepts(port))) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with code " + process.exitValue()
                        + " before it was ready; its log ends:\n" + tail(offset, 4000));
            }
            sleep(Duration.ofMillis(100));
        }
        kill();
        throw new IllegalStateException(name + " was not ready within " + startTimeout + "; its log ends:\n"
                + tail(offset, 4000));
    }

    private String logSince(long offset) throws IOException {
        byte[] all = Files.readAllBytes(log);
        return offset >= all.length ? "" : new String(all, (int) offset, all.length - (int) offset, StandardCharsets.UTF_8);
    }

    private String tail(long offset, int chars) throws IOException {
        String since = logSince(offset);
        return since.length() <= chars ? since : since.substring(since.length() - chars);
    }

    /** Whether something accepts TCP connections on 127.0.0.1 at {@code port}. */
    public static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * {@code kill -9}: the process gets no chance to close anything ({@link Process#destroyForcibly()}
     * is SIGKILL on Linux). Returns once it is gone. Does nothing if it is not running.
     */
    public synchronized void kill() {
        end(true);
    }

    /** SIGTERM: the service runs its shutdown hook and closes cleanly. Returns once it is gone. */
    public synchronized void stop() {
        end(false);
    }

    private void end(boolean forcibly) {
        if (process == null || !process.isAlive()) {
            return;
        }
        // Children first (none expected), then the service itself.
        process.descendants().forEach(forcibly ? ProcessHandle::destroyForcibly : ProcessHandle::destroy);
        if (forcibly) {
            process.destroyForcibly();
        } else {
            process.destroy();
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + name + " to exit", e);
        }
        if (process.isAlive()) {
            throw new IllegalStateException(name + " (pid " + process.pid() + ") did not exit");
        }
    }

    /** Starts the service again with the same command, configuration and database files; waits until ready. */
    public synchronized ServiceProcess restart() {
        if (isAlive()) {
            throw new IllegalStateException(name + " is still running: kill() or stop() it first");
        }
        return start();
    }

    /** Kills the service if it runs, and its standby if it has one. */
    @Override
    public void close() {
        kill();
        Process waiting;
        synchronized (this) {
            waiting = standby;
            standby = null;
        }
        if (waiting != null) {
            waiting.destroyForcibly();
            try {
                waiting.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name + "'s standby to exit", e);
            }
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public String toString() {
        return name + (isAlive() ? " (pid " + process.pid() + ")" : " (not running)");
    }
}
