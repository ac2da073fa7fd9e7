package org.crs.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.net.URI;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures;

/**
 * The rules of docs/architecture.md ("Layers and their rules"), one test each, over the
 * production classes of every module. A rule changes only with a reason written there.
 */
class ArchitectureRulesTest {

    /** What "I/O" means for code that must have none. */
    private static final String[] IO = {
        "java.sql..", "javax.sql..", "java.net..", "java.io.File", "java.nio.file..", "java.nio.channels..",
        "jakarta.servlet..", "javax.servlet..", "org.apache.catalina..", "org.apache.tomcat..",
        "org.apache.axis2..", "org.apache.axiom..", "org.apache.hc..", "org.apache.sshd..", "org.snmp4j..",
        "com.fasterxml.jackson..", "org.yaml..", "org.quartz..", "org.hsqldb..", "org.postgresql..",
        "com.zaxxer.hikari..", "org.flywaydb..", "org.crs.service..", "org.crs.routers.driver.cli..",
        "org.crs.routers.driver.snmp..", "org.crs.routers.emulator.."
    };

    static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.crs");
    }

    @Test
    void theDomainImportsNoIo() {
        noClasses().that().resideInAPackage("org.crs.domain..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .as("the domain imports no I/O")
                .because("the domain model is pure: time, calendars, admission, paths (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void theAccountModelImportsNoIo() {
        noClasses().that().resideInAPackage("org.crs.bar.account..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.bar.port..", "org.crs.bar.service..",
                        "org.crs.bar.negotiation..", "org.crs.bar.adapter..", "org.crs.bar.api..", "org.crs.bar.server..")
                .as("the account model imports no I/O and nothing of the BAR above it")
                .check(classes);
    }

    @Test
    void theOidcModelImportsNoIo() {
        noClasses().that().resideInAPackage("org.crs.bar.oidc..")
                .should().dependOnClassesThat(resideInAnyPackage(IO).and(not(equivalentTo(URI.class))))
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.bar.port..", "org.crs.bar.service..",
                        "org.crs.bar.negotiation..", "org.crs.bar.adapter..", "org.crs.bar.api..", "org.crs.bar.server..")
                .as("the OpenID sign-in's values import no I/O (but URIs) and nothing of the BAR above them")
                .because("the provider is reached through the IdentityProvider port, over HTTP in adapter.oidc"
                        + " (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void theReservationModelImportsNoIo() {
        noClasses().that().resideInAnyPackage("org.crs.bar.reservation..", "org.crs.bar.nsi..")
                .should().dependOnClassesThat(resideInAnyPackage(IO).and(not(equivalentTo(URI.class))))
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.bar.port..", "org.crs.bar.service..",
                        "org.crs.bar.negotiation..", "org.crs.bar.adapter..", "org.crs.bar.api..", "org.crs.bar.server..")
                .as("the reservation model and the NSI connection model import no I/O (but URIs) and nothing of the"
                        + " BAR above them")
                .because("an NSI connection's replyTo is a URI, a value; it is reached through the"
                        + " NsiCallbackTransport port (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void theNetworkMapImportsNoIo() {
        noClasses().that().resideInAPackage("org.crs.bar.map..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.bar.port..", "org.crs.bar.service..",
                        "org.crs.bar.negotiation..", "org.crs.bar.adapter..", "org.crs.bar.api..", "org.crs.bar.server..")
                .as("the network map imports no I/O and nothing of the BAR above it")
                .check(classes);
    }

    @Test
    void theNsiTopologyImportsNoIo() {
        noClasses().that().resideInAPackage("org.crs.bar.nsi.topology..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.bar.port..", "org.crs.bar.service..",
                        "org.crs.bar.negotiation..", "org.crs.bar.adapter..", "org.crs.bar.api..", "org.crs.bar.server..")
                .as("the site's STPs and NSI documents are pure: no I/O, nothing of the BAR above them")
                .check(classes);
    }

    @Test
    void theBarsLayersPointDownOnly() {
        layersPointDown(new String[] {"org.crs.bar.api.."}, new String[] {"org.crs.bar.server.."},
                new String[] {"org.crs.bar.service..", "org.crs.bar.negotiation..", "org.crs.bar.availability..",
                        "org.crs.bar.notify.."},
                "org.crs.bar.port..", new String[] {"org.crs.bar.adapter.."}, "org.crs.bar.reservation..", "org.crs.bar.account..",
                "org.crs.bar.oidc..", "org.crs.bar.map..", "org.crs.bar.nsi..")
                .as("the BAR's layers point down only: api -> service -> port <- adapter, all over the model")
                .check(classes);
    }

    /**
     * The layers both services share: the server wires everything, the API calls the service, the
     * service reaches out through its ports, adapters implement the ports; all use the model.
     */
    private static Architectures.LayeredArchitecture layersPointDown(String[] api, String[] server, String[] service,
                                                                   String port, String[] adapter, String... model) {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("api").definedBy(api)
                .layer("server").definedBy(server)
                .layer("service").definedBy(service)
                .layer("port").definedBy(port)
                .layer("adapter").definedBy(adapter)
                .layer("model").definedBy(model)
                .whereLayer("server").mayNotBeAccessedByAnyLayer()
                .whereLayer("api").mayOnlyBeAccessedByLayers("server")
                .whereLayer("adapter").mayOnlyBeAccessedByLayers("server")
                .whereLayer("service").mayOnlyBeAccessedByLayers("api", "server")
                .whereLayer("port").mayOnlyBeAccessedByLayers("service", "adapter", "api", "server");
    }

    @Test
    void theBarsDoorsStandSideBySide() {
        slices().matching("org.crs.bar.api.(*)..").namingSlices("door api.$1")
                .should().notDependOnEachOther()
                .as("the BAR's doors (api.soap, api.json, api.web, and any added beside them) stand side by side:"
                        + " no door uses another")
                .because("each door turns its own wire format into the service's requests and the service's results"
                        + " into its answers, and the service decides access, so a new door (NSI) is added beside the"
                        + " others, never on top of one (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void theBarsServiceReachesStorageAndControllersOnlyThroughItsPorts() {
        noClasses().that().resideInAnyPackage("org.crs.bar.service..", "org.crs.bar.negotiation..",
                        "org.crs.bar.availability..", "org.crs.bar.notify..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.bar.adapter..")
                .as("the BAR's service reaches storage and controllers only through the ports it owns")
                .check(classes);
    }

    @Test
    void theSegmentModelImportsNoIo() {
        noClasses().that().resideInAPackage("org.crs.nsap.segment..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .as("the NSAP's segment model imports no I/O")
                .check(classes);
    }

    @Test
    void theNsapsLayersPointDownOnly() {
        layersPointDown(new String[] {"org.crs.nsap.soap.."},
                new String[] {"org.crs.nsap.server..", "org.crs.nsap.campus..", "org.crs.nsap.wan.."},
                new String[] {"org.crs.nsap.service.."}, "org.crs.nsap.port..",
                new String[] {"org.crs.nsap.store..", "org.crs.nsap.activation..", "org.crs.nsap.peer.."},
                "org.crs.nsap.segment..")
                .as("the NSAP's layers point down only: api -> service -> port <- adapters, all over the model")
                .check(classes);
    }

    @Test
    void theNsapServiceReachesStorageAndRoutersOnlyThroughItsPorts() {
        noClasses().that().resideInAPackage("org.crs.nsap.service..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.nsap.store..", "org.crs.nsap.activation..",
                        "org.crs.nsap.peer..")
                .as("the NSAP's service reaches storage, routers and BARs only through the ports it owns")
                .check(classes);
    }

    @Test
    void theBarDoesNotDependOnTheNsapServices() {
        noClasses().that().resideInAPackage("org.crs.bar..")
                .should().dependOnClassesThat(resideInAPackage("org.crs.nsap..")
                        .and(resideOutsideOfPackage("org.crs.nsap.contract..")))
                .as("the BAR depends on the NSAP port type's contract only, not on the services that serve it")
                .check(classes);
    }

    @Test
    void theNsiContractIsTheWireOnly() {
        noClasses().that().resideInAPackage("org.crs.nsi.contract..")
                .should().dependOnClassesThat().resideInAnyPackage("org.crs.bar..", "org.crs.nsap..",
                        "org.crs.routers..", "org.crs.demo..")
                .as("the NSI contract is the wire only: it uses the domain and service-runtime, no service")
                .because("the BAR's NSI door and its requester adapter share it, as nsap-contract is shared"
                        + " (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void theNsiMessagesImportNoIo() {
        noClasses().that().resideInAPackage("org.crs.nsi.contract.message..")
                .should().dependOnClassesThat().resideInAnyPackage(IO)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.crs.nsi.contract.xml..",
                        "org.crs.nsi.contract.client..")
                .as("the NSI messages are values: no I/O, no XML, no client")
                .check(classes);
    }

    @Test
    void onlyTheBarsNsiDoorAndAdapterUseTheNsiContract() {
        noClasses().that().resideOutsideOfPackages("org.crs.nsi.contract..", "org.crs.bar.api.nsi..",
                        "org.crs.bar.adapter.nsi..")
                .should().dependOnClassesThat().resideInAPackage("org.crs.nsi.contract..")
                .as("only the BAR's NSI door (api.nsi) and its NSI requester adapter (adapter.nsi) use the NSI contract")
                .because("NSI is a wire format: the service and the model see their own types, never NSI's"
                        + " (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void nothingInProductionImportsTheEmulator() {
        noClasses().that().resideOutsideOfPackages("org.crs.routers.emulator..", "org.crs.demo..")
                .should().dependOnClassesThat().resideInAPackage("org.crs.routers.emulator..")
                .as("nothing in production code imports the router emulator")
                .because("services reach routers through the router access file, emulated or not; only the demo"
                        + " runs the emulator (docs/architecture.md)")
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("org.crs.(**)").should().beFreeOfCycles()
                .as("no package cycles")
                .check(classes);
    }
}
