package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.testing.FarNetworkPeer;
import org.crs.demo.matrix.AuthorisationMatrix;
import org.crs.demo.matrix.AuthorisationMatrix.Role;
import org.crs.demo.matrix.AuthorisationMatrix.Row;
import org.crs.demo.matrix.MatrixNsi;
import org.crs.demo.matrix.MatrixNsiRequester;
import org.crs.demo.matrix.MatrixWalk;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Effect;
import org.crs.domain.access.Permission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The authorisation matrix notices wrong rows of the access table. Site-a's BAR is started again
 * with a table in which three rows are wrong: one lets too many in ({@code PeerService.listEndpoints}
 * to a controller as well as the peers), one too few ({@code ReservationService.listEndpoints}
 * to operators and admins only), one the wrong kind ({@code ConnectionRequester.errorEvent} to
 * peer BARs instead of the NSI providers). Walked over every row of the BAR's port types, NSI
 * ports and JSON API as {@link AuthorisationMatrixTest} walks them, exactly the cells of those
 * rows' callers differ: the controller's at the peer's operation, the three users' over SOAP and
 * over the JSON route that calls it, and at the requester port the peer BAR's (let in, but not
 * as the provider it names) and both providers' (refused by the table).
 */
class FlippedAccessRowTest {

    static Federation federation;
    /** The far networks site-a's BAR is the requester of: small NSI providers its health probes. */
    static final FarNetworkPeer domainC = new FarNetworkPeer();
    static final FarNetworkPeer domainD = new FarNetworkPeer();
    static MatrixWalk walk;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-matrix-flipped");
        Path repository = Path.of("../..").toAbsolutePath().normalize();
        federation = Federation.start(new Federation.Options(repository, Federation.Options.hsqldbFiles(data), false,
                BarSettings.defaults(), Duration.ofSeconds(15), Clock.systemUTC())
                .withNsi("site-a", MatrixNsi.publication(repository)));
        federation.stopBar("site-a");
        federation.startBar("site-a", AccessTable.standard()
                .withRow(new AccessTable.Operation(AccessTable.PEER_SERVICE, "listEndpoints"),
                        new AccessTable.Row(Permission.PEER_BAR_OR_CONTROLLER, Effect.READ))
                .withRow(new AccessTable.Operation(AccessTable.RESERVATION_SERVICE, "listEndpoints"),
                        new AccessTable.Row(Permission.OPERATOR, Effect.READ))
                .withRow(new AccessTable.Operation(AccessTable.NSI_REQUESTER_SERVICE, "errorEvent"),
                        new AccessTable.Row(Permission.PEER_BAR, Effect.CHANGE)),
                Optional.of(MatrixNsiRequester.requester(domainC.providerUrl(),
                domainD.providerUrl())));
        walk = MatrixWalk.start(federation);
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
        domainC.close();
        domainD.close();
    }

    @Test
    void theMatrixReportsExactlyTheCellsOfTheWrongRows() throws Exception {
        List<String> differing = new ArrayList<>();
        for (Row row : AuthorisationMatrix.load().rows()) {
            if (row.section().service().equals("bar-site-a")) {
                for (MatrixWalk.Mismatch m : walk.differences(row, EnumSet.allOf(Role.class))) {
                    differing.add(m.cell() + ": " + m.expected() + " -> " + m.observed().answer());
                }
            }
        }
        assertEquals(List.of(
                "ReservationService at bar-site-a: listEndpoints as user: ok -> NOT_ALLOWED",
                "ReservationService at bar-site-a: listEndpoints as other user: ok -> NOT_ALLOWED",
                "ReservationService at bar-site-a: listEndpoints as member: ok -> NOT_ALLOWED",
                "PeerService at bar-site-a: listEndpoints as controller: NOT_ALLOWED -> ok",
                "ConnectionRequester at bar-site-a: errorEvent as peer BAR: NOT_ALLOWED -> NOT_ALLOWED providerNSA",
                "ConnectionRequester at bar-site-a: errorEvent as NSI provider: 404 -> NOT_ALLOWED",
                "ConnectionRequester at bar-site-a: errorEvent as other NSI provider: NOT_ALLOWED providerNSA -> NOT_ALLOWED",
                "JSON API at bar-site-a: GET /api/endpoints (ReservationService.listEndpoints) as user: ok -> 403",
                "JSON API at bar-site-a: GET /api/endpoints (ReservationService.listEndpoints) as other user: ok -> 403",
                "JSON API at bar-site-a: GET /api/endpoints (ReservationService.listEndpoints) as member: ok -> 403"),
                differing);
    }
}
