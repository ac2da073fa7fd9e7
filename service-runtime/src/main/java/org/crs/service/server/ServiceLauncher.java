package org.crs.service.server;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The command line every service shares: {@code PROGRAM [--check] CONFIG.yaml}. It reads and
 * checks the configuration (and what it names), then, without {@code --check}, starts the
 * service, prints where it serves and how long it took, and blocks until the process is stopped
 * (Ctrl-C, SIGTERM), when a shutdown hook closes it.
 *
 * <p>Exit codes: {@link #EXIT_CONFIG} for a mistake in the command line or the files (the
 * message names the file and the key), {@link #EXIT_START} when the service cannot start
 * (database, port in use).
 */
public final class ServiceLauncher {

    /** Exit code for a usage or configuration mistake. */
    public static final int EXIT_CONFIG = 2;
    /** Exit code for a server that did not start (database, port). */
    public static final int EXIT_START = 1;

    /**
     * One kind of service as its command line starts it.
     *
     * @param <C> its configuration, with what it names read
     * @param <R> a running instance
     */
    public interface Service<C, R extends AutoCloseable> {

        /** The command's name in messages ({@code bar}, {@code lnsap}). */
        String program();

        /** What it runs, for people ({@code BAR}, {@code L-NSAP}). */
        String kind();

        /** What {@code --check} reads, for the usage text ("the configuration file"). */
        String checks();

        /**
         * Reads the configuration file and everything it names, and checks they fit together.
         *
         * @throws IOException if a file cannot be read
         * @throws IllegalArgumentException naming the file and what is wrong in it
         */
        C load(Path file) throws IOException;

        /** The service's configuration file, read. */
        ServiceConfig config(C loaded);

        /** One line on a configuration that passed {@code --check}. */
        String summary(C config);

        /** Starts an instance. */
        R start(C config) throws Exception;

        /** How the instance is named in its first line ({@code bar-site-a of site-a}). */
        default String title(C loaded) {
            return config(loaded).name();
        }

        /** Lines about a started instance: its URLs, what it serves, its peers. */
        List<String> details(C config, R running);

        /** From the start of the server until it served. */
        Duration startupTime(R running);
    }

    private ServiceLauncher() {
    }

    /**
     * The whole of a service's main.
     *
     * @return the exit code, when it does not block: 0 after {@code --check}, {@link #EXIT_CONFIG}
     *     or {@link #EXIT_START}
     */
    public static <C, R extends AutoCloseable> int run(Service<C, R> service, String[] args,
                                                                             PrintStream out, PrintStream err)
            throws InterruptedException {
        long t0 = System.nanoTime();
        String program = service.program();
        boolean checkOnly = args.length == 2 && args[0].equals("--check");
        if (args.length != 1 && !checkOnly || args.length == 1 && args[0].startsWith("-")) {
            err.println("usage: " + program + " [--check] CONFIG.yaml");
            err.println("  starts one " + service.kind() + " from its configuration file (docs/configuration.md);");
            err.println("  --check reads and checks " + service.checks() + ", and stops");
            return EXIT_CONFIG;
        }
        Path file = Path.of(args[args.length - 1]);
        C loaded;
        try {
            loaded = service.load(file);
        } catch (NoSuchFileException e) {
            err.println(program + ": no file " + e.getMessage());
            return EXIT_CONFIG;
        } catch (IOException e) {
            err.println(program + ": cannot read " + e);
            return EXIT_CONFIG;
        } catch (IllegalArgumentException e) {
            err.println(program + ": " + e.getMessage());
            return EXIT_CONFIG;
        }
        if (checkOnly) {
            out.println(program + ": " + file + " is fine: " + service.summary(loaded));
            return 0;
        }
        ServiceConfig config = service.config(loaded);

        R running;
        try {
            running = service.start(loaded);
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            err.println(program + ": " + config.name() + " did not start: " + e.getMessage()
                    + (root == e ? "" : " (" + root + ")"));
            return EXIT_START;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        String name = config.name();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.println(name + ": stopping");
            try {
                running.close();
                out.println(name + ": stopped");
            } catch (Exception e) {
                err.println(name + ": while stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }, name + "-shutdown"));

        long took = (System.nanoTime() - t0) / 1_000_000;
        out.println(service.kind() + " " + service.title(loaded) + " started in " + took + " ms (server "
                + service.startupTime(running).toMillis() + " ms, JVM up " + ManagementFactory.getRuntimeMXBean().getUptime()
                + " ms); Ctrl-C stops it.");
        service.details(loaded, running).forEach(line -> out.println("  " + line));
        out.println("  database  " + config.jdbcUrlForLog() + (config.basics().clustered() ? " (clustered)" : ""));
        out.flush();
        stopped.await();
        return 0;
    }
}
