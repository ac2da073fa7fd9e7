package org.crs.service.audit;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditVerification;
import org.crs.service.config.ConfigSections;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.EnvReferences;
import org.crs.service.db.Database;
import org.crs.service.db.StoreException;

/**
 * Verifies or exports the audit trail of any CRS service (BAR, L-NSAP, NSAP), given the
 * service's configuration file, whose {@code database} section it reads as the service does
 * ({@link ConfigSections#databaseOf}). It changes nothing in the database and runs no migration.
 *
 * <pre>
 * java -cp bar-service/target/bar-service.jar org.crs.service.audit.AuditMain verify bar.yaml
 * java -cp bar-service/target/bar-service.jar org.crs.service.audit.AuditMain export bar.yaml \
 *     [--reservation R] [--actor A] [--router X] [--operation O] [--from T] [--to T] [--out FILE] &gt; audit.csv
 * </pre>
 *
 * Exit status: {@value #INTACT} when the trail is intact (verify) or written (export),
 * {@value #BROKEN} when verification found a changed entry (printed), {@value #USAGE} for a
 * wrong command line or configuration, {@value #FAILED} when the database could not be read.
 * Times are ISO-8601 instants ({@code 2026-11-25T10:00:00Z}); {@code --from} is inclusive,
 * {@code --to} exclusive.
 */
public final class AuditMain {

    /** Verified intact, or exported. */
    public static final int INTACT = 0;
    /** The database could not be read. */
    public static final int FAILED = 1;
    /** A wrong command line or configuration file. */
    public static final int USAGE = 2;
    /** Verification found an entry edited, inserted or deleted. */
    public static final int BROKEN = 3;

    static final String USAGE_TEXT = "usage: AuditMain verify CONFIG.yaml\n"
            + "       AuditMain export CONFIG.yaml [--reservation R] [--actor A] [--router X] [--operation O]"
            + " [--from T] [--to T] [--out FILE]";

    private AuditMain() {
    }

    public static void main(String[] args) {
        // The CSV alone goes to standard output. Logging starts when the database opens, and a
        // service's logging (logback's default, deploy/config/logback.xml) writes to System.out
        // as it is at each write: pointing System.out at standard error sends the logs there.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        int status = run(args, stdout, System.err, System::getenv);
        stdout.flush();
        System.exit(status);
    }

    /**
     * Runs one command.
     *
     * @param environment resolves {@code ${NAME}} in the configuration file
     * @return the exit status
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Function<String, String> environment) {
        if (args.length < 2 || !(args[0].equals("verify") || args[0].equals("export"))) {
            err.println(USAGE_TEXT);
            return USAGE;
        }
        ConfigSections.Database settings;
        AuditQuery query;
        Path outFile;
        try {
            Path config = Path.of(args[1]).toAbsolutePath().normalize();
            settings = ConfigSections.databaseOf(Files.readString(config), config.getParent(),
                    new EnvReferences(environment));
            Options options = Options.parse(args, args[0].equals("export"));
            query = options.query();
            outFile = options.out();
        } catch (IOException e) {
            err.println("cannot read " + args[1] + (e instanceof NoSuchFileException ? ": no such file" : ": " + e.getMessage()));
            return USAGE;
        } catch (IllegalArgumentException e) {
            err.println(args[1] + ": " + e.getMessage());
            err.println(USAGE_TEXT);
            return USAGE;
        }
        try (Database db = Database.open(existingOnly(settings.jdbcUrl()), settings.user(), settings.password(), 2)) {
            AuditTrail trail = new AuditTrail(db.dataSource());
            if (args[0].equals("verify")) {
                return verify(trail, out);
            }
            return export(trail, query, outFile, out, err);
        } catch (StoreException | IllegalStateException e) {
            err.println("cannot read the audit trail of " + ConfigValues.jdbcUrlForLog(settings.jdbcUrl()) + ": "
                    + e.getMessage());
            return FAILED;
        }
    }

    /** An HSQLDB URL that opens only a database that exists, rather than create an empty one. */
    static String existingOnly(String jdbcUrl) {
        boolean hsqldb = jdbcUrl.toLowerCase(Locale.ROOT).startsWith("jdbc:hsqldb:");
        return hsqldb && !jdbcUrl.toLowerCase(Locale.ROOT).contains(";ifexists=") ? jdbcUrl + ";ifexists=true" : jdbcUrl;
    }

    private static int verify(AuditTrail trail, PrintStream out) {
        AuditVerification v = trail.verify();
        if (v.intact()) {
            out.println("intact: " + v.entriesChecked() + " entries, last hash " + v.lastGoodHash());
            return INTACT;
        }
        AuditVerification.Break b = v.firstBreak().get();
        out.println("broken: " + b.kind() + " entry " + b.sequence() + " (" + b.detail() + "); " + v.entriesChecked()
                + " entries before it chain correctly");
        return BROKEN;
    }

    private static int export(AuditTrail trail, AuditQuery query, Path outFile, PrintStream out, PrintStream err) {
        try {
            long n;
            if (outFile == null) {
                Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
                n = trail.exportCsv(query, w);
                w.flush();
            } else {
                try (Writer w = Files.newBufferedWriter(outFile, StandardCharsets.UTF_8)) {
                    n = trail.exportCsv(query, w);
                }
            }
            err.println("exported " + n + " entries");
            return INTACT;
        } catch (IOException e) {
            err.println("cannot write the CSV: " + e.getMessage());
            return FAILED;
        }
    }

    /** The options after the configuration file. */
    private record Options(AuditQuery query, Path out) {

        private static final Map<String, String> KNOWN = Map.of("--reservation", "reservation", "--actor", "actor",
                "--router", "router", "--operation", "operation", "--from", "from", "--to", "to", "--out", "out");

        static Options parse(String[] args, boolean export) {
            if (!export && args.length > 2) {
                throw new IllegalArgumentException("verify takes no options");
            }
            AuditQuery q = AuditQuery.all().page(0, Integer.MAX_VALUE);
            Path out = null;
            Instant from = null;
            Instant to = null;
            for (int i = 2; i < args.length; i += 2) {
                String option = args[i];
                if (!KNOWN.containsKey(option)) {
                    throw new IllegalArgumentException("unknown option " + option);
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(option + " needs a value");
                }
                String value = args[i + 1];
                switch (option) {
                    case "--reservation" -> q = q.withReservation(value);
                    case "--actor" -> q = q.withActor(value);
                    case "--router" -> q = q.withRouter(value);
                    case "--operation" -> q = q.withOperation(value);
                    case "--from" -> from = instant(option, value);
                    case "--to" -> to = instant(option, value);
                    default -> out = Path.of(value);
                }
            }
            return new Options(q.between(from, to), out);
        }

        private static Instant instant(String option, String value) {
            try {
                return Instant.parse(value);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(option + ": not an ISO-8601 instant such as 2026-11-25T10:00:00Z: "
                        + value);
            }
        }
    }
}
