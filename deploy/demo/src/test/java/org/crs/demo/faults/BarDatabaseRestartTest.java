package org.crs.demo.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.crs.demo.process.ProcessFederation;
import org.crs.service.db.testing.RestartablePostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * site-a's BAR on a PostgreSQL server that stops and starts again under it while bookings
 * happen; the rest of the federation on HSQLDB files, each service in its own JVM. Part of the
 * fault matrix ({@code mvn -P fault-matrix}).
 */
@Tag("fault-matrix")
class BarDatabaseRestartTest extends FaultMatrixTestBase {

    static RestartablePostgres postgres;

    @BeforeAll
    static void start() throws Exception {
        Path work = Path.of("target/fault-database").toAbsolutePath();
        deleteTree(work);
        postgres = RestartablePostgres.start(work.resolve("postgres"));
        String url = postgres.createDatabase("crs_bar_site_a");
        startFederation("Fault matrix, the database under a BAR restarts", FaultMatrix.options(work.resolve("federation"))
                .withDatabase("bar-site-a", new ProcessFederation.Database(url, RestartablePostgres.USER, "")));
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        reportAndStop(); // the BAR first, then its database
        if (postgres != null) {
            postgres.close();
            postgres = null;
        }
    }

    @Test
    void aBookingReservedBeforeThePostgresqlServerRestartsEndsTheSameEverywhereAndTheBarBooksAgainAfter()
            throws Exception {
        List<FaultMatrix.Result> results = matrix.databaseRestartUnderTheBar(postgres::stop, postgres::restart,
                Duration.ofSeconds(8));
        for (FaultMatrix.Result r : results) {
            assertEquals(List.of(), r.failures(), r.phase() + ": outcome " + r.outcome() + "; logs in " + federation.logs());
        }
    }
}
