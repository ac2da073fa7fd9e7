package org.crs.routers.driver.cli;

import java.util.List;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.auth.password.UserAuthPasswordFactory;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;

/** The SSH client a {@link CliSession} logs in with, configured for a router's CLI. */
final class RouterSshClient {

    private RouterSshClient() {
    }

    /** A client not yet started: password login only, nothing from the service account's ~/.ssh. */
    static SshClient create() {
        SshClient client = SshClient.setUpDefaultClient();
        // Any host key is accepted for now: the inventory holds no router host keys yet. A
        // known-hosts policy (KnownHostsServerKeyVerifier over a file kept with the inventory)
        // is to replace this before the drivers face routers outside a lab.
        client.setServerKeyVerifier((session, address, key) -> true);
        // Password authentication only, so that one login is one attempt on the router.
        client.setUserAuthFactories(List.of(UserAuthPasswordFactory.INSTANCE));
        // The inventory says where the router is: the service account's ~/.ssh/config and keys
        // must not redirect or change the login.
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        // An interactive session sends small packets and waits for each answer: without
        // TCP_NODELAY, Nagle's algorithm can hold a packet until the peer's delayed ACK, ~40 ms
        // per command (OpenSSH sets it for interactive sessions for the same reason).
        CoreModuleProperties.TCP_NODELAY.set(client, true);
        return client;
    }
}
