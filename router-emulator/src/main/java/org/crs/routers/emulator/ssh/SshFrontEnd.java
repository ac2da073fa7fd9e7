package org.crs.routers.emulator.ssh;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.charset.StandardCharsets;

import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.cli.IosSession;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.sessions.SessionLog;

/**
 * The SSH server of one emulated router (Apache MINA SSHD): password login with the
 * inventory's credentials, and an IOS terminal per shell channel.
 */
public final class SshFrontEnd implements AutoCloseable {

    /** Who may log in, and with what privilege (1 starts in user EXEC mode, 15 in privileged). */
    public record Login(String username, String password, String enableSecret, int privilege) {
        @Override
        public String toString() {
            return "Login[" + username + ", privilege " + privilege + "]";
        }
    }

    private static final AttributeRepository.AttributeKey<Boolean> REFUSED = new AttributeRepository.AttributeKey<>();

    private final Device device;
    private final Login login;
    private final Faults faults;
    private final SessionLog sessions;
    private SshServer server;

    /** A front end that records no sessions. */
    public SshFrontEnd(Device device, Login login, Faults faults) {
        this(device, login, faults, null);
    }

    /** A front end that records each shell's start and end in {@code sessions} (null: none). */
    public SshFrontEnd(Device device, Login login, Faults faults, SessionLog sessions) {
        this.device = device;
        this.login = login;
        this.faults = faults;
        this.sessions = sessions;
    }

    /**
     * Starts listening.
     *
     * @param port the TCP port, or 0 for any free port
     * @return the port listened on
     */
    public int start(String host, int port) throws IOException {
        server = SshServer.setUpDefaultServer();
        server.setHost(host);
        server.setPort(port);
        // The terminal echoes each keystroke as its own packet; without TCP_NODELAY, Nagle's
        // algorithm and the client's delayed ACKs add about 40 ms to every command.
        CoreModuleProperties.TCP_NODELAY.set(server, true);
        // A host key generated in memory: a new one each start, like a router after write erase.
        server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider());
        server.setPasswordAuthenticator((user, password, session) -> {
            // An injected refusal holds for the whole connection, whatever the client retries.
            if (Boolean.TRUE.equals(session.getAttribute(REFUSED)) || faults.takeLoginRefusal()) {
                session.setAttribute(REFUSED, Boolean.TRUE);
                return false;
            }
            return equal(login.username(), user) && equal(login.password(), password);
        });
        server.setShellFactory(channel ->
                new IosShell(new IosSession(device, login.enableSecret(), login.privilege() >= 15), faults, device.hostname(),
                        sessions));
        server.start();
        return server.getPort();
    }

    // Constant-time comparison, so a login attempt cannot time its way to the password.
    private static boolean equal(String expected, String given) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] a = sha.digest(expected.getBytes(StandardCharsets.UTF_8));
            byte[] b = sha.digest(given.getBytes(StandardCharsets.UTF_8));
            return MessageDigest.isEqual(a, b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        if (server != null) {
            server.stop(true);
        }
    }
}
