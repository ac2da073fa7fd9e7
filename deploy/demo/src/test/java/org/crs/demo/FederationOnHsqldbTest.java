package org.crs.demo;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;

/** The federation with every service on its own file HSQLDB, as the demo runs it. */
class FederationOnHsqldbTest extends FederationTestBase {

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-federation");
        startFederation(Federation.Options.hsqldbFiles(data));
    }
}
