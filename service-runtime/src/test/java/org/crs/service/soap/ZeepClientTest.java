package org.crs.service.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An independent client nobody here wrote: Python zeep reads the served WSDL and calls the
 * service over SOAP 1.1 and 1.2 (beans, arrays, dateTime, the declared fault). zeep comes from
 * deploy/install-test-tools.sh; without it the test is skipped.
 */
class ZeepClientTest {

    @Test
    void zeepReadsTheWsdlAndCallsEveryKindOfOperation(@TempDir Path dir) throws Exception {
        assumeTrue(run(List.of("python3", "-c", "import zeep"), 60).exit == 0, "python3 with zeep is installed");
        Path script = dir.resolve("echo_client.py");
        try (InputStream in = getClass().getResourceAsStream("/zeep/echo_client.py")) {
            Files.copy(in, script);
        }
        try (SoapServer server = SoapServer.builder()
                .service("Echo", SoapServerTest.NS, EchoApi.class, new EchoService()).start()) {
            Result r = run(List.of("python3", script.toString(), server.wsdlUrl("Echo").toString()), 120);
            assertEquals(0, r.exit, r.out);
            for (String port : List.of("EchoHttpSoap11Endpoint", "EchoHttpSoap12Endpoint")) {
                assertTrue(r.out.contains(port + " echo hi"), r.out);
                assertTrue(r.out.contains(port + " split ['a', 'b'] []"), r.out);
                assertTrue(r.out.contains(port + " bean n 2031-03-04T05:06:07+00:00 ['x', 'y'] 2"), r.out);
                assertTrue(r.out.contains(port + " fault must not be blank | value | must not be blank"), r.out);
            }
        }
    }

    record Result(int exit, String out) {
    }

    static Result run(List<String> command, int timeoutSeconds) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            return new Result(-1, e.getMessage());
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, out + "\n(timed out)");
        }
        return new Result(p.exitValue(), out);
    }
}
