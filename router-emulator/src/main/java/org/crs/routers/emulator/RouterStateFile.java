package org.crs.routers.emulator;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.crs.routers.emulator.cli.IosSession;
import org.crs.routers.emulator.device.ConfigStyle;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.RunningConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

/**
 * One router's state in a state folder: the file {@code <hostname>.yaml}, which holds the
 * router's running configuration, as {@code show running-config} prints it in the
 * {@code literal} style whatever the router's style (the form the CLI reads back as typed,
 * without the lines that move by themselves), and its startup configuration, exactly as
 * {@code show startup-config} prints it.
 *
 * <p>The file is written again whenever a step (a CLI line, an SNMP set) leaves either
 * configuration different from what the file holds, before the router answers that step.
 * It is written to a temporary file, forced to disk and renamed over the old one, so a kill
 * at any moment leaves either the old file or the new one, whole.
 *
 * <p>A router comes back from its file by typing the saved running configuration into its
 * own CLI, as IOS reads its startup configuration at boot, so a state file cannot describe a
 * state the CLI could not reach. The rebuilt router must then show the very same running
 * configuration, or the load fails naming the first line that differs.
 */
final class RouterStateFile {

    /** The version of the file's layout, written in the file as {@code format}. */
    static final int FORMAT = 1;

    private static final Logger LOG = LoggerFactory.getLogger(RouterStateFile.class);
    private static final String TEMPORARY_SUFFIX = ".tmp";

    /**
     * What the file holds.
     *
     * @param format the layout version, {@link #FORMAT}
     * @param hostname the router's hostname, which names the file
     * @param savedAt when the file was written (UTC), for the reader's information
     * @param runningConfig {@code show running-config}
     * @param startupConfig {@code show startup-config}: what {@code write memory} last saved
     */
    record Contents(int format, String hostname, String savedAt, String runningConfig, String startupConfig) {
    }

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .build())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private final Path folder;
    private final Path file;
    private final String hostname;
    private String savedRunning;
    private String savedStartup;

    /** The state file of router {@code hostname} in {@code folder}, which is created if missing. */
    RouterStateFile(Path folder, String hostname) throws IOException {
        this.folder = folder;
        this.hostname = hostname;
        this.file = folder.resolve(hostname + ".yaml");
        Files.createDirectories(folder);
        // A kill during a save can leave the temporary file; the real one is whole either way.
        Files.deleteIfExists(folder.resolve(file.getFileName() + TEMPORARY_SUFFIX));
    }

    /** The file's path. */
    Path path() {
        return file;
    }

    /** True when the router has saved state to come back from. */
    boolean exists() {
        return Files.exists(file);
    }

    /**
     * Rebuilds a freshly booted device (its chassis, no configuration) from the file.
     *
     * @throws IllegalArgumentException if the file is not a state file of this router, or
     *     its configuration does not rebuild to the same running configuration
     */
    void restore(Device device, String enableSecret) throws IOException {
        Contents saved;
        try {
            saved = YAML.readValue(file.toFile(), Contents.class);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a readable router state file: " + e.getMessage(), e);
        }
        if (saved.format() != FORMAT) {
            throw new IllegalArgumentException(file + ": format " + saved.format() + " is not " + FORMAT);
        }
        if (!hostname.equals(saved.hostname())) {
            throw new IllegalArgumentException(file + ": hostname is " + saved.hostname() + ", not " + hostname);
        }
        if (saved.runningConfig() == null || saved.startupConfig() == null) {
            throw new IllegalArgumentException(file + ": runningConfig and startupConfig are required");
        }
        synchronized (device) {
            replay(device, enableSecret, saved.runningConfig());
            String rebuilt = RunningConfig.render(device, ConfigStyle.LITERAL);
            String difference = firstDifference(RunningConfig.withoutLength(saved.runningConfig()),
                    RunningConfig.withoutLength(rebuilt));
            if (difference != null) {
                throw new IllegalArgumentException(file + ": runningConfig does not rebuild as saved: " + difference);
            }
            device.restoreStartupConfig(saved.startupConfig());
            savedRunning = rebuilt;
            savedStartup = saved.startupConfig();
        }
    }

    // Types the configuration between the boot markers and the line blocks, block by block.
    // Explicit paths go first: a tunnel's path-option names one, and IOS prints them last.
    private void replay(Device device, String enableSecret, String runningConfig) {
        List<String> lines = runningConfig.lines().toList();
        int from = lines.indexOf("boot-end-marker");
        int to = lines.indexOf("line con 0");
        if (from < 0 || to < from) {
            throw new IllegalArgumentException(file + ": runningConfig is not a running configuration"
                    + " (no boot-end-marker ... line con 0)");
        }
        List<List<String>> paths = new ArrayList<>();
        List<List<String>> others = new ArrayList<>();
        List<String> block = new ArrayList<>();
        for (String line : lines.subList(from + 1, to)) {
            if (line.equals("!")) {
                if (!block.isEmpty()) {
                    (block.get(0).startsWith("ip explicit-path ") ? paths : others).add(block);
                    block = new ArrayList<>();
                }
            } else {
                block.add(line);
            }
        }
        if (!block.isEmpty()) {
            others.add(block);
        }
        IosSession console = new IosSession(device, enableSecret, true);
        console.execute("configure terminal");
        List<List<String>> ordered = new ArrayList<>(paths);
        ordered.addAll(others);
        for (List<String> b : ordered) {
            for (String line : b) {
                type(console, line);
                // IOS prints "shutdown" for a port that is down and nothing for one that is up,
                // and a port of the chassis boots down: what is not shut must be brought up.
                if (line.startsWith("interface ")) {
                    type(console, " no shutdown");
                }
            }
        }
        console.execute("end");
    }

    private void type(IosSession console, String line) {
        String answer = console.execute(line).text();
        if (answer.contains("%") || answer.startsWith("Command rejected")) {
            throw new IllegalArgumentException(file + ": line '" + line.strip() + "' was refused:\n" + answer);
        }
    }

    private static String firstDifference(String expected, String actual) {
        List<String> a = expected.lines().toList();
        List<String> b = actual.lines().toList();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(end)";
            String y = i < b.size() ? b.get(i) : "(end)";
            if (!x.equals(y)) {
                return "line " + (i + 1) + " saved '" + x + "', rebuilt '" + y + "'";
            }
        }
        return null;
    }

    /**
     * Writes the file if the device's running or startup configuration differs from what it
     * holds. Runs holding the device's monitor, at the end of each step. A failed write is
     * logged and tried again at the next step.
     */
    void saveIfChanged(Device device) {
        // The literal form: the CLI reads it back as typed, and it holds no line that moves by itself.
        String running = RunningConfig.render(device, ConfigStyle.LITERAL);
        String startup = device.startupConfig();
        if (running.equals(savedRunning) && startup.equals(savedStartup)) {
            return;
        }
        try {
            write(new Contents(FORMAT, hostname, Instant.now().toString(), running, startup));
            savedRunning = running;
            savedStartup = startup;
        } catch (IOException e) {
            LOG.error("router {}: could not save its state to {}; will try again after the next change: {}",
                    hostname, file, e.toString());
        }
    }

    private void write(Contents contents) throws IOException {
        byte[] bytes = ("# The state of emulated router " + hostname + " (docs/router-emulator.md).\n"
                + YAML.writeValueAsString(contents)).getBytes(StandardCharsets.UTF_8);
        Path temporary = folder.resolve(file.getFileName() + TEMPORARY_SUFFIX);
        try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(true);
        }
        // Not followed by a sync of the folder: a power cut may then forget the rename and
        // bring back the previous state, whole; a killed process cannot. It halves the cost.
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
