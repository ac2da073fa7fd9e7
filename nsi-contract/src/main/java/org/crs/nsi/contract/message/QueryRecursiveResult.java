package org.crs.nsi.contract.message;

import java.util.List;
import java.util.Optional;

/**
 * One connection as queryRecursive reports it.
 *
 * @param connectionId the connection
 * @param globalReservationId the requester's global id, when it gave one
 * @param description the requester's description, when it gave one
 * @param criteria its criteria versions, with their children
 * @param requesterNsa who reserved it
 * @param connectionStates its states
 * @param notificationId its latest notification's id, when there was one
 * @param resultId its latest result's id, when there was one
 */
public record QueryRecursiveResult(String connectionId, Optional<String> globalReservationId,
        Optional<String> description, List<RecursiveCriteria> criteria, String requesterNsa,
        ConnectionStates connectionStates, Optional<Long> notificationId, Optional<Long> resultId) {

    public QueryRecursiveResult {
        Checks.text(connectionId, "connectionId");
        Checks.optional(globalReservationId, "globalReservationId");
        Checks.optional(description, "description");
        criteria = List.copyOf(criteria);
        Checks.text(requesterNsa, "requesterNSA");
        Checks.part(connectionStates, "connectionStates");
        Checks.optional(notificationId, "notificationId");
        Checks.optional(resultId, "resultId");
    }
}
