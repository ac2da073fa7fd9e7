package org.crs.demo.browser;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.crs.demo.Demo;
import org.crs.demo.ExternalProgram;
import org.crs.demo.Federation;
import org.crs.bar.oidc.TestIdentityProvider;
import org.junit.jupiter.api.Test;

/**
 * The reservation pages as people use them: the demo federation (its accounts and approval rule,
 * site-a's BAR on a free port) with every scenario of {@code reservation-browser/e2e/scenarios}
 * driven in Debian's Chromium by {@code reservation-browser/e2e/run.mjs} (playwright-core; never
 * a downloaded browser). Screenshots, accessibility findings and the first page's timing go to
 * {@code deploy/demo/target/screenshots}. Site-a's BAR signs people in through a real OpenID
 * provider too (mock-oauth2-server, {@link TestIdentityProvider}), for the institution's sign-in.
 *
 * <p>deploy/install-test-tools.sh installs Chromium; the scenarios' own packages (playwright-core,
 * axe-core) are installed here with {@code npm ci} when they are missing or older than the lock
 * file. {@code -Dcrs.e2e.only=NAME} runs the scenarios whose file name contains NAME;
 * {@code -Dcrs.node} and {@code -Dcrs.npm} name other Node.js and npm binaries.
 */
class BrowserEndToEndTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    private static final Path E2E = REPOSITORY.resolve("reservation-browser/e2e");
    private static final Path SCREENSHOTS = REPOSITORY.resolve("deploy/demo/target/screenshots");
    private static final String INSTALL = "install the test tools with deploy/install-test-tools.sh (Node.js and npm "
            + "come with the machine)";
    /** Printing in colour would put escape codes in the test report. */
    private static final Map<String, String> PLAIN_OUTPUT = Map.of("NO_COLOR", "1", "FORCE_COLOR", "0");

    @Test
    void everyBrowserScenarioPassesAgainstTheDemoFederation() throws Exception {
        Path chromium = Path.of(System.getenv().getOrDefault("CRS_CHROMIUM", "/usr/bin/chromium"));
        assertTrue(Files.isExecutable(chromium), "no Chromium at " + chromium + ": " + INSTALL);
        installScenarioPackages();

        Path data = Files.createTempDirectory("crs-browser-federation");
        // site-a's BAR also signs people in through an OpenID provider, whose every sign-in is carol's
        try (TestIdentityProvider provider = TestIdentityProvider.start(TestIdentityProvider.Person.carol());
             Federation federation = Federation.start(Demo.onFreePorts(REPOSITORY, data)
                     .withOidc("site-a", provider::settings))) {
            URI site = federation.bar("site-a").apiUrl().resolve("/");
            List<String> command = new ArrayList<>(List.of(System.getProperty("crs.node", "node"), "run.mjs",
                    "--base-url", site.toString(), "--screenshots", SCREENSHOTS.toString()));
            String only = System.getProperty("crs.e2e.only", "");
            if (!only.isBlank()) {
                command.addAll(List.of("--only", only));
            }

            ExternalProgram.Outcome run = ExternalProgram.run("e2e", command, E2E, PLAIN_OUTPUT, Duration.ofMinutes(20),
                    INSTALL);

            assertTrue(run.succeeded(), "the browser scenarios failed (exit " + run.exitCode() + "; screenshots in "
                    + SCREENSHOTS + "):\n" + run.output());
        }
    }

    /**
     * {@code npm ci} when node_modules is missing, or older than package-lock.json (npm keeps its
     * own copy of the lock it installed, node_modules/.package-lock.json).
     */
    private static void installScenarioPackages() throws IOException, InterruptedException {
        Path installed = E2E.resolve("node_modules/.package-lock.json");
        Path lock = E2E.resolve("package-lock.json");
        if (Files.isRegularFile(installed)
                && !Files.getLastModifiedTime(installed).toInstant().isBefore(Files.getLastModifiedTime(lock).toInstant())) {
            return;
        }
        ExternalProgram.Outcome install = ExternalProgram.run("npm", List.of(System.getProperty("crs.npm", "npm"), "ci",
                "--no-audit", "--no-fund"), E2E, PLAIN_OUTPUT, Duration.ofMinutes(5), INSTALL);
        assertTrue(install.succeeded(), "npm ci in " + E2E + " failed:\n" + install.output());
    }
}
