package org.crs.demo;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.crs.routers.emulator.EmulatorMain;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;

/**
 * The demo's routers in an emulator process of their own ({@link EmulatorMain} with
 * {@code --state}), which outlives the demo: a kill -9 of the demo leaves the routers running
 * with their configuration, and the next demo finds them as they are.
 *
 * <p>The process runs in a session of its own ({@code setsid}), so the Ctrl-C that stops the
 * demo in a terminal does not reach it. Its pid is in {@code emulator.pid} and its output in
 * {@code emulator.log}, both in the state folder. A demo reuses the emulator when that pid is
 * alive, is an emulator, and the inventory's first router answers on its SSH port; otherwise it
 * starts one, which comes back from the routers' state files.
 */
public final class RoutersApart {

    /** The file, in the state folder, that holds the emulator's pid. */
    public static final String PID_FILE = "emulator.pid";
    /** The file, in the state folder, that receives the emulator's output. */
    public static final String LOG_FILE = "emulator.log";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final long pid;
    private final boolean reused;
    private final Path stateFolder;

    private RoutersApart(long pid, boolean reused, Path stateFolder) {
        this.pid = pid;
        this.reused = reused;
        this.stateFolder = stateFolder;
    }

    /**
     * Finds the emulator a previous run left on the inventory's ports, or starts one.
     *
     * @param inventoryFile the routers' inventory, with a fixed SSH port for every router
     * @param stateFolder where the routers keep their state, with the pid file and the log
     * @throws IOException if the emulator does not start; the message holds the end of its log
     */
    public static RoutersApart startOrReuse(Path inventoryFile, Path stateFolder) throws IOException, InterruptedException {
        Path inventoryPath = inventoryFile.toAbsolutePath();
        Inventory inventory = Inventory.load(inventoryPath);
        Inventory.Router first = inventory.routers().get(0);
        if (first.sshPort() == null || first.sshPort() <= 0) {
            throw new IllegalArgumentException(inventoryPath + ": router " + first.hostname()
                    + ": sshPort must be a fixed port for routers apart");
        }
        Path folder = stateFolder.toAbsolutePath();
        Files.createDirectories(folder);
        Optional<ProcessHandle> running = readPid(folder).flatMap(ProcessHandle::of)
                .filter(ProcessHandle::isAlive).filter(RoutersApart::isEmulator);
        if (running.isPresent() && listening(first.sshPort())) {
            return new RoutersApart(running.get().pid(), true, folder);
        }
        return new RoutersApart(start(inventoryPath, folder), false, folder);
    }

    private static long start(Path inventory, Path folder) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        // Its own session: neither the terminal's Ctrl-C nor its hang-up reaches the routers.
        for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(setsid))) {
                command.add(setsid);
                break;
            }
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String logback = System.getProperty("logback.configurationFile");
        if (logback != null) {
            command.add("-Dlogback.configurationFile=" + Path.of(logback).toAbsolutePath());
        }
        command.add(EmulatorMain.class.getName());
        command.add(inventory.toString());
        command.add("--state");
        command.add(folder.toString());

        Path log = folder.resolve(LOG_FILE);
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        ProcessBuilder builder = new ProcessBuilder(command);
        // In the environment rather than after -cp: the kernel shows only the first 4 kB of a
        // command line, and the main class must show in it for a later demo to know the process.
        builder.environment().put("CLASSPATH", absoluteClassPath());
        Process process = builder
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectErrorStream(true)
                .start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!logSince(log, logStart).contains(EmulatorMain.READY)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly().waitFor();
                throw new IOException("the router emulator did not start (" + log + "):\n" + tail(logSince(log, logStart)));
            }
            Thread.sleep(50);
        }
        Path pidFile = folder.resolve(PID_FILE);
        Path temporary = folder.resolve(PID_FILE + ".tmp");
        Files.writeString(temporary, process.pid() + "\n");
        Files.move(temporary, pidFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return process.pid();
    }

    /** The pid the state folder's pid file names, if it names one. */
    public static Optional<Long> readPid(Path stateFolder) throws IOException {
        Path pidFile = stateFolder.resolve(PID_FILE);
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).strip()));
        } catch (NumberFormatException e) {
            // A pid file that names no pid is as good as none: a new emulator replaces it.
            System.err.println(pidFile + " names no pid: " + e.getMessage());
            return Optional.empty();
        }
    }

    // A pid can be reused by another program once the emulator is gone.
    private static boolean isEmulator(ProcessHandle process) {
        return process.info().commandLine().map(c -> c.contains(EmulatorMain.class.getName())).orElse(true);
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(RouterEmulator.HOST, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    // The class path with every entry absolute, so the emulator does not depend on where it runs.
    private static String absoluteClassPath() {
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        List<String> absolute = new ArrayList<>();
        for (String entry : entries) {
            if (!entry.isEmpty()) {
                absolute.add(Path.of(entry).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, absolute);
    }

    private static String logSince(Path log, long offset) throws IOException {
        if (!Files.exists(log)) {
            return "";
        }
        byte[] all = Files.readAllBytes(log);
        int from = (int) Math.min(offset, all.length);
        return new String(all, from, all.length - from, StandardCharsets.UTF_8);
    }

    private static String tail(String text) {
        List<String> lines = text.lines().collect(Collectors.toList());
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    /** The emulator's pid. */
    public long pid() {
        return pid;
    }

    /** True when the emulator was already running, from an earlier demo. */
    public boolean reused() {
        return reused;
    }

    /** Where the routers keep their state, the pid file and the log. */
    public Path stateFolder() {
        return stateFolder;
    }

    /** How an operator stops the routers. */
    public String howToStop() {
        return "kill " + pid;
    }
}
