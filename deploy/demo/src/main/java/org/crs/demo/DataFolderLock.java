package org.crs.demo;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The demo's hold on its data folder: an operating-system lock on {@code DATA/demo.lock}, which
 * the kernel releases the moment the demo's process ends, kill -9 included. Holding it, the demo
 * knows that no other demo uses the folder, so the lock files its HSQLDB databases kept
 * ({@code DATA/<service>/db.lck}) were left by a demo that died: it removes them rather than
 * wait, as a service opening a file HSQLDB otherwise must, until their heartbeat is 10 s old
 * (HSQLDB's only test of a stale lock; {@code Database.openFileHsqldb}). That wait made a demo
 * restarted after a crash serve up to 10 s later than one started after a clean stop.
 */
final class DataFolderLock {

    /** Held for the life of the process: the kernel, not a close, releases it. */
    private static FileLock held;

    private DataFolderLock() {
    }

    /**
     * Takes the folder's lock and removes the HSQLDB lock files of {@code services} a dead demo
     * left; empty when another process holds the folder.
     *
     * @return the lock files removed
     */
    static synchronized Optional<List<Path>> take(Path data, List<String> services) throws IOException {
        FileChannel channel = FileChannel.open(data.resolve("demo.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null) {
            channel.close();
            return Optional.empty();
        }
        held = lock;
        List<Path> removed = new ArrayList<>();
        for (String service : services) {
            Path lockFile = data.resolve(service).resolve("db.lck");
            if (Files.deleteIfExists(lockFile)) {
                removed.add(lockFile);
            }
        }
        return Optional.of(removed);
    }
}
