package org.crs.demo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.BeforeAll;

/** The federation with every service on its own database of a real PostgreSQL. */
class FederationOnPostgresqlTest extends FederationTestBase {

    @BeforeAll
    static void start() throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        Map<String, Federation.Database> databases = new ConcurrentHashMap<>();
        startFederation(name -> databases.computeIfAbsent(name,
                n -> new Federation.Database(pg.createDatabase(), EmbeddedPostgres.USER)));
    }
}
