package org.crs.bar.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.crs.service.config.ConfigYaml;

/**
 * The topology files the reservation browser's network map is drawn from (BarServerConfig's
 * optional {@code networkMap} section): campus files and the WAN's, each optional, relative to
 * the configuration file's folder.
 *
 * <pre>{@code
 * networkMap:
 *   campuses: [../topology/site-a-campus.yaml, ../topology/site-b-campus.yaml]
 *   wan: ../topology/wan.yaml
 * }</pre>
 *
 * @param campuses the campus topology files, absolute
 * @param wan the WAN topology file, absolute; empty when not named
 */
public record NetworkMapFiles(List<Path> campuses, Optional<Path> wan) {

    public NetworkMapFiles {
        campuses = List.copyOf(campuses);
        Objects.requireNonNull(wan, "wan");
    }

    /** No topology file: the map draws nothing. */
    public static NetworkMapFiles none() {
        return new NetworkMapFiles(List.of(), Optional.empty());
    }

    /** The section as the file spells it. */
    record NetworkMapYaml(List<String> campuses, String wan) {
    }

    /**
     * The topology files named, resolved against the configuration's folder; each must exist.
     *
     * @throws IllegalArgumentException naming the key ({@code networkMap.campuses[1]}) and its line
     */
    static NetworkMapFiles read(NetworkMapYaml map, Path baseDir, String yaml) {
        if (map == null) {
            return none();
        }
        List<Path> campuses = new ArrayList<>();
        List<String> named = map.campuses() == null ? List.of() : map.campuses();
        for (int i = 0; i < named.size(); i++) {
            campuses.add(existing(named.get(i), baseDir, "networkMap.campuses[" + i + "]",
                    ConfigYaml.at(yaml, "networkMap", "campuses", i)));
        }
        Optional<Path> wan = map.wan() == null || map.wan().isBlank() ? Optional.empty()
                : Optional.of(existing(map.wan(), baseDir, "networkMap.wan", ConfigYaml.at(yaml, "networkMap", "wan")));
        return new NetworkMapFiles(campuses, wan);
    }

    private static Path existing(String file, Path baseDir, String key, String at) {
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException(key + " is empty: name a topology file" + at);
        }
        Path p = baseDir.resolve(file.trim()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(key + ": no file " + p + at);
        }
        return p;
    }
}
