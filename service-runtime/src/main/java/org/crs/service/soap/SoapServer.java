package org.crs.service.soap;

import jakarta.servlet.Servlet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.crs.service.security.AuthenticationFilter;
import org.crs.domain.access.AccessTable;
import org.crs.service.security.Authenticator;
import org.crs.service.security.CallAudit;
import org.crs.service.monitoring.ServiceMetrics;
import org.crs.service.tls.ServerTls;
import org.crs.service.tls.TlsContexts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded Tomcat 11 serving Axis2 2.0 POJO services at {@code /services/NAME} (SOAP 1.1 and
 * 1.2, WSDL at {@code /services/NAME?wsdl}), plus any plain servlets on other paths.
 *
 * <pre>{@code
 * try (SoapServer server = SoapServer.builder()
 *         .port(0)                                        // any free port
 *         .service("NsapService", "urn:crs:nsap:1", nsap) // this very instance answers
 *         .servlet("/api/*", jsonApi)
 *         .start()) {
 *     URI wsdl = server.wsdlUrl("NsapService");
 * }
 * }</pre>
 *
 * <p>Each public method of the service class (or of the contract interface given to
 * {@link Builder#service(String, String, Class, Object)}) becomes an in-out operation handled by
 * {@link CrsRpcMessageReceiver} (Axis2's RPCMessageReceiver, checking each request against the
 * operation's schema and answering the caller's errors with Client faults), except {@code init}, {@code destroy}, {@code startUp},
 * {@code shutDown} and {@code setOperationContext}; method overloading is not supported. A
 * checked exception declared by a method becomes a {@code wsdl:fault} (see {@link ServiceFault}).
 * Every schema type goes into one namespace per service, elements qualified. A primitive
 * parameter is a required element unless annotated {@link DefaultValue}.
 *
 * <p>Hardening: Axis2 parses SOAP with Axiom's SOAP parser configuration, which refuses any
 * DOCTYPE (so no DTD, no entity, internal or external), with a Client fault and one WARN line
 * ({@link RefusingSoapBuilder}); request bodies over
 * {@link Builder#maxRequestBytes(long)} are refused with HTTP 413 before any parser runs (this
 * applies to the plain servlets too); operations cannot be invoked by HTTP GET (REST disabled);
 * faults carry no stack trace.
 *
 * <p>TLS ({@link Builder#tls(ServerTls)}): the listen connector itself, or a second connector
 * beside it, speaks TLS 1.3 or 1.2 with the configured key store, and asks callers for a
 * certificate as {@link org.crs.service.tls.ClientAuth} says, verifying it against the trust
 * store. A verified client chain reaches the request in the attribute
 * {@link org.crs.service.tls.CertificateSubjects#REQUEST_ATTRIBUTE}.
 *
 * <p>The parts: {@link AxisDeployment} (the Axis2 configuration context and the services in it),
 * {@link TomcatConnectors} (the connectors and their hardening), {@link ServletMounts} (filters,
 * Axis2's servlet and the plain servlets); this class assembles them, starts and stops them.
 */
public final class SoapServer implements AutoCloseable {

    /** Default request body limit: 1 MiB. */
    public static final long DEFAULT_MAX_REQUEST_BYTES = 1L << 20;

    /** Path under which Axis2 serves the SOAP services. */
    public static final String SERVICES_PATH = "/services";

    private static final Logger log = LoggerFactory.getLogger(SoapServer.class);
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Tomcat tomcat;
    private final Path baseDir;
    private final String host;
    private final int port;
    private final boolean listenTls;
    private final int tlsPort;
    private final Duration startupTime;
    private final List<String> serviceNames;
    private final ConfigurationContext configurationContext;
    private volatile boolean closed;

    private SoapServer(Tomcat tomcat, Path baseDir, String host, int port, boolean listenTls, int tlsPort,
                       Duration startupTime, List<String> serviceNames, ConfigurationContext configurationContext) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.host = host;
        this.port = port;
        this.listenTls = listenTls;
        this.tlsPort = tlsPort;
        this.startupTime = startupTime;
        this.serviceNames = serviceNames;
        this.configurationContext = configurationContext;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The TCP port actually bound (the free port chosen when the builder asked for port 0). */
    public int port() {
        return port;
    }

    /**
     * The port of the TLS connector: the listen port when it speaks TLS, the second connector's
     * when TLS runs beside plain HTTP, empty without TLS.
     */
    public OptionalInt tlsPort() {
        return tlsPort < 0 ? OptionalInt.empty() : OptionalInt.of(tlsPort);
    }

    /** {@code http://HOST:PORT}, or {@code https://HOST:PORT} when the listen connector speaks TLS. */
    public URI baseUri() {
        return URI.create((listenTls ? "https" : "http") + "://" + hostForUri() + ":" + port);
    }

    /** {@code https://HOST:TLSPORT}, empty without TLS. */
    public Optional<URI> tlsBaseUri() {
        return tlsPort < 0 ? Optional.empty() : Optional.of(URI.create("https://" + hostForUri() + ":" + tlsPort));
    }

    /** The endpoint address of a service on the listen connector: {@code http(s)://HOST:PORT/services/NAME}. */
    public URI serviceUrl(String serviceName) {
        requireService(serviceName);
        return URI.create(baseUri() + SERVICES_PATH + "/" + serviceName);
    }

    /** The endpoint address of a service over TLS: {@code https://HOST:TLSPORT/services/NAME}; empty without TLS. */
    public Optional<URI> tlsServiceUrl(String serviceName) {
        requireService(serviceName);
        return tlsBaseUri().map(base -> URI.create(base + SERVICES_PATH + "/" + serviceName));
    }

    /** {@code http://HOST:PORT/services/NAME?wsdl} */
    public URI wsdlUrl(String serviceName) {
        return URI.create(serviceUrl(serviceName) + "?wsdl");
    }

    /** Names of the deployed SOAP services, in the order they were added. */
    public List<String> serviceNames() {
        return serviceNames;
    }

    /** Time from {@link Builder#start()} being called to the server accepting requests. */
    public Duration startupTime() {
        return startupTime;
    }

    /** The server's Axis2 configuration context (for handlers or diagnostics; rarely needed). */
    public ConfigurationContext axisConfigurationContext() {
        return configurationContext;
    }

    /** Stops Tomcat (and with it Axis2) and deletes the server's temporary directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            log.warn("Stopping Tomcat on port {} failed", port, e);
        } finally {
            deleteRecursively(baseDir);
        }
        log.info("SOAP server on port {} stopped", port);
    }

    private String hostForUri() {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    private void requireService(String serviceName) {
        if (!serviceNames.contains(serviceName)) {
            throw new IllegalArgumentException("No service " + serviceName + " on this server; have " + serviceNames);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            log.debug("Could not delete {}", dir, e);
        }
    }

    /** Collects services and servlets; {@link #start()} builds and starts the server. */
    public static final class Builder {
        private String host = "127.0.0.1";
        private int port = 0;
        private long maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
        private ServerTls tls;
        private final Map<String, ServiceDeployer.ServiceDef> services = new LinkedHashMap<>();
        private final Map<String, Servlet> servlets = new LinkedHashMap<>();
        private Authenticator authenticator;
        private AccessTable accessTable = AccessTable.standard();
        private CallAudit audit;
        private ServiceMetrics metrics;

        private Builder() {
        }

        /** Address to bind; default {@code 127.0.0.1}. */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /** TCP port; 0 (the default) binds any free port, see {@link SoapServer#port()}. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port out of range: " + port);
            }
            this.port = port;
            return this;
        }

        /**
         * Speaks TLS on the listen port, or on a port of its own beside it ({@link ServerTls});
         * null (the default) for plain HTTP only.
         *
         * @throws IllegalArgumentException when a store cannot be read with its password
         */
        public Builder tls(ServerTls tls) {
            if (tls != null) {
                // Read now, so that a wrong path or password is named here rather than as Tomcat's failure to start.
                TlsContexts.client(tls.settings());
            }
            this.tls = tls;
            return this;
        }

        /** Largest request body accepted, in bytes; default {@link #DEFAULT_MAX_REQUEST_BYTES}. */
        public Builder maxRequestBytes(long maxRequestBytes) {
            if (maxRequestBytes <= 0) {
                throw new IllegalArgumentException("maxRequestBytes must be positive");
            }
            this.maxRequestBytes = maxRequestBytes;
            return this;
        }

        /**
         * Every SOAP call must then be made by a caller {@code authenticator} knows (HTTP 401
         * otherwise, see {@link AuthenticationFilter}), and may call only what
         * {@link org.crs.domain.access.AccessTable} allows its kind of caller (a Client fault
         * {@code NOT_ALLOWED} otherwise). Without it, every operation answers anyone.
         */
        public Builder accessControl(Authenticator authenticator) {
            return accessControl(authenticator, AccessTable.standard());
        }

        /**
         * As {@link #accessControl(Authenticator)}, deciding by {@code table} rather than the
         * standard one: how a test runs a service whose table has a wrong row.
         */
        public Builder accessControl(Authenticator authenticator, AccessTable table) {
            this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
            this.accessTable = Objects.requireNonNull(table, "table");
            return this;
        }

        /** Records every call that changes state, and every call the access table refused, in {@code audit}. */
        public Builder audit(CallAudit audit) {
            this.audit = Objects.requireNonNull(audit, "audit");
            return this;
        }

        /** Counts every SOAP call, by operation and outcome, in {@code metrics} ({@link ServiceMetrics#soapCall}). */
        public Builder metrics(ServiceMetrics metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        /**
         * Serves {@code serviceObject} as the SOAP service {@code name}; its public methods are
         * the operations. The WSDL target namespace and the schema namespace are both
         * {@code namespace}.
         */
        public Builder service(String name, String namespace, Object serviceObject) {
            Objects.requireNonNull(serviceObject, "serviceObject");
            return add(new ServiceDeployer.ServiceDef(name, namespace, namespace, serviceObject.getClass(), serviceObject));
        }

        /**
         * Serves {@code serviceObject} as the SOAP service {@code name}, with only the public
         * methods of {@code contract} (an interface or class the object implements) as
         * operations: other public methods of the object (setters, lifecycle) stay private to Java.
         */
        public <T> Builder service(String name, String namespace, Class<T> contract, T serviceObject) {
            return service(name, namespace, namespace, contract, serviceObject);
        }

        /** As {@link #service(String, String, Class, Object)} with a separate schema namespace. */
        public <T> Builder service(String name, String targetNamespace, String schemaNamespace,
                                   Class<T> contract, T serviceObject) {
            Objects.requireNonNull(contract, "contract");
            Objects.requireNonNull(serviceObject, "serviceObject");
            if (!contract.isInstance(serviceObject)) {
                throw new IllegalArgumentException(serviceObject.getClass() + " is not a " + contract);
            }
            return add(new ServiceDeployer.ServiceDef(name, targetNamespace, schemaNamespace, contract, serviceObject));
        }

        /**
         * Registers a plain servlet (for example a JSON API) at a servlet URL pattern such as
         * {@code /api/*}; it must not overlap {@code /services/*}.
         */
        public Builder servlet(String urlPattern, Servlet servlet) {
            Objects.requireNonNull(urlPattern, "urlPattern");
            Objects.requireNonNull(servlet, "servlet");
            if (urlPattern.equals(SERVICES_PATH) || urlPattern.startsWith(SERVICES_PATH + "/")) {
                throw new IllegalArgumentException(urlPattern + " overlaps the SOAP services at " + SERVICES_PATH + "/*");
            }
            if (servlets.putIfAbsent(urlPattern, servlet) != null) {
                throw new IllegalArgumentException("Two servlets for " + urlPattern);
            }
            return this;
        }

        private Builder add(ServiceDeployer.ServiceDef def) {
            if (def.name() == null || !def.name().matches("[A-Za-z][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("Service name must be a letter then letters, digits, _: " + def.name());
            }
            if (def.targetNamespace() == null || def.targetNamespace().isBlank()
                    || def.schemaNamespace() == null || def.schemaNamespace().isBlank()) {
                throw new IllegalArgumentException("Namespaces of " + def.name() + " must not be blank");
            }
            if (services.putIfAbsent(def.name(), def) != null) {
                throw new IllegalArgumentException("Two services named " + def.name());
            }
            return this;
        }

        /**
         * Deploys the services, starts Tomcat and returns once it accepts requests.
         *
         * @throws IllegalStateException if Axis2 refuses a service or Tomcat cannot start (for
         *                               example because the port is taken)
         */
        public SoapServer start() {
            long t0 = System.nanoTime();
            ConfigurationContext cc = AxisDeployment.deploy(services.values(),
                    authenticator != null ? accessTable : null, audit, metrics,
                    tls != null && tls.port().isEmpty());

            Path baseDir;
            try {
                baseDir = Files.createTempDirectory("crs-tomcat-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Tomcat tomcat = new Tomcat();
            tomcat.setBaseDir(baseDir.toString());
            // unique engine name: several servers in one JVM must not share JMX names
            tomcat.getEngine().setName("crs-soap-" + SEQUENCE.incrementAndGet());

            TomcatConnectors.hideErrorDetails(tomcat);

            boolean listenTls = tls != null && tls.port().isEmpty();
            Connector connector = TomcatConnectors.connector(host, port, listenTls ? tls.settings() : null, maxRequestBytes);
            tomcat.getService().addConnector(connector);
            tomcat.setConnector(connector);
            Connector tlsConnector = null;
            if (tls != null && tls.port().isPresent()) {
                tlsConnector = TomcatConnectors.connector(host, tls.port().getAsInt(), tls.settings(), maxRequestBytes);
                tomcat.getService().addConnector(tlsConnector);
            }

            Context ctx = tomcat.addContext("", baseDir.toString());
            if (ctx instanceof StandardContext sc) {
                sc.setFailCtxIfServletStartFails(true);
                sc.setClearReferencesRmiTargets(false);
                sc.setClearReferencesThreadLocals(false);
            }
            ServletMounts.mount(ctx, cc, maxRequestBytes, authenticator, servlets);

            try {
                tomcat.start();
                if (connector.getState() != LifecycleState.STARTED || ctx.getState() != LifecycleState.STARTED
                        || tlsConnector != null && tlsConnector.getState() != LifecycleState.STARTED) {
                    throw new LifecycleException("connector " + connector.getState() + ", context " + ctx.getState()
                            + (tlsConnector == null ? "" : ", TLS connector " + tlsConnector.getState()));
                }
            } catch (LifecycleException | RuntimeException e) {
                try {
                    tomcat.stop();
                    tomcat.destroy();
                } catch (LifecycleException | RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                deleteRecursively(baseDir);
                throw new IllegalStateException("Tomcat did not start on " + host + ":" + port + ": " + e.getMessage(), e);
            }
            int bound = connector.getLocalPort();
            int boundTls = listenTls ? bound : tlsConnector != null ? tlsConnector.getLocalPort() : -1;
            AxisDeployment.listenOn(cc, bound, boundTls);
            Duration startup = Duration.ofNanos(System.nanoTime() - t0);
            List<String> names = List.copyOf(services.keySet());
            log.info("SOAP server ready on {}://{}:{}{}{} with services {} ({} ms)", listenTls ? "https" : "http",
                    host, bound, SERVICES_PATH, tlsConnector == null ? "" : " and https port " + boundTls
                            + " (client certificates " + tls.settings().clientAuth().yamlName() + ")",
                    names, startup.toMillis());
            return new SoapServer(tomcat, baseDir, host, bound, listenTls, boundTls, startup, names, cc);
        }

    }

}
