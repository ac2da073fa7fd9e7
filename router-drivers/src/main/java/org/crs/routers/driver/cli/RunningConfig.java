package org.crs.routers.driver.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * IOS {@code show running-config} text, split into blocks: a block starts with a line at
 * column 0 ({@code interface GigabitEthernet1/1}, {@code vlan 1234}, {@code policy-map LP-42-IN})
 * and holds the indented lines under it. {@code !} separators and the header lines
 * ({@code Building configuration...}, {@code Current configuration : N bytes}) are not blocks.
 *
 * <p>The drivers take a snapshot with it before a change, check which resources are free,
 * verify what they applied, and compare the configuration after an undo with the snapshot.
 */
public final class RunningConfig {

    private final String text;
    private final Map<String, List<String>> blocks;

    private RunningConfig(String text, Map<String, List<String>> blocks) {
        this.text = text;
        this.blocks = blocks;
    }

    /** Parses the output of {@code show running-config} (or {@code show running-config interface X}). */
    public static RunningConfig parse(String text) {
        Map<String, List<String>> blocks = new LinkedHashMap<>();
        List<String> current = null;
        for (String raw : text.split("\n", -1)) {
            String line = stripTrailing(raw);
            if (line.isEmpty() || line.startsWith("!") || isHeader(line)) {
                current = null;
                continue;
            }
            if (line.startsWith(" ")) {
                if (current != null) {
                    current.add(line);
                }
                continue;
            }
            current = new ArrayList<>();
            // A header seen twice (IOS never does this) keeps its first block.
            blocks.putIfAbsent(line, current);
        }
        Map<String, List<String>> frozen = new LinkedHashMap<>();
        blocks.forEach((header, lines) -> frozen.put(header, List.copyOf(lines)));
        return new RunningConfig(text, Collections.unmodifiableMap(frozen));
    }

    private static boolean isHeader(String line) {
        return line.startsWith("Building configuration") || line.startsWith("Current configuration");
    }

    private static String stripTrailing(String line) {
        return line.replace("\r", "").stripTrailing();
    }

    /** The text as read from the router. */
    public String text() {
        return text;
    }

    /** Whether a block with exactly this header line exists. */
    public boolean has(String header) {
        return blocks.containsKey(header);
    }

    /**
     * The lines of a block, indentation kept ({@code " class class-default"},
     * {@code "  police ..."}), or empty when the block is absent.
     */
    public Optional<List<String>> block(String header) {
        return Optional.ofNullable(blocks.get(header));
    }

    /** The lines of a block without their indentation; empty when the block is absent. */
    public List<String> trimmedLines(String header) {
        return blocks.getOrDefault(header, List.of()).stream().map(String::strip).collect(Collectors.toList());
    }

    /** Every block header, in configuration order. */
    public List<String> headers() {
        return List.copyOf(blocks.keySet());
    }

    /** The headers of all {@code interface} blocks. */
    public List<String> interfaceHeaders() {
        return blocks.keySet().stream().filter(h -> h.startsWith("interface ")).collect(Collectors.toList());
    }

    /**
     * The configuration in a form fit for comparing two readings: the
     * {@code Current configuration : N bytes} line and the timestamps IOS adds
     * ({@code ! Last configuration change at ...}, {@code ! NVRAM config last updated at ...})
     * change on every save without meaning a different configuration, so they are left out.
     */
    public String comparable() {
        return text.replace("\r", "").lines()
                .map(String::stripTrailing)
                .filter(l -> !l.startsWith("Current configuration"))
                .filter(l -> !l.startsWith("! Last configuration change"))
                .filter(l -> !l.startsWith("! NVRAM config last updated"))
                .collect(Collectors.joining("\n"));
    }

    /** True when both readings hold the same configuration (see {@link #comparable()}). */
    public boolean sameAs(RunningConfig other) {
        return comparable().equals(other.comparable());
    }

    /**
     * The lines that differ between an earlier reading and this one, as {@code -line} (gone)
     * and {@code +line} (new), for error messages; at most {@code max} of them.
     */
    public List<String> differencesFrom(RunningConfig earlier, int max) {
        List<String> before = earlier.comparable().lines().collect(Collectors.toList());
        List<String> after = comparable().lines().collect(Collectors.toList());
        List<String> diff = new ArrayList<>();
        // Lines are compared with their block header, so " shutdown" under two interfaces
        // are different lines.
        List<String> b = qualified(before);
        List<String> a = qualified(after);
        for (String line : b) {
            if (!a.contains(line)) {
                diff.add("-" + line);
            }
        }
        for (String line : a) {
            if (!b.contains(line)) {
                diff.add("+" + line);
            }
        }
        return diff.size() <= max ? diff : diff.subList(0, max);
    }

    private static List<String> qualified(List<String> lines) {
        List<String> out = new ArrayList<>();
        String header = "";
        for (String line : lines) {
            if (line.startsWith(" ")) {
                out.add(header + " /" + line);
            } else {
                header = line;
                if (!line.startsWith("!")) {
                    out.add(line);
                }
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return text;
    }
}
