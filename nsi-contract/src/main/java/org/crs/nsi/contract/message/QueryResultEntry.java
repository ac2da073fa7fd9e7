package org.crs.nsi.contract.message;

import java.time.Instant;

/**
 * One result queryResult lists: a result message sent earlier, kept by its provider.
 *
 * @param resultId increasing per connection
 * @param correlationId the correlation id it was sent with
 * @param timeStamp when it was made
 * @param result the message
 */
public record QueryResultEntry(long resultId, String correlationId, Instant timeStamp, OperationResult result) {

    public QueryResultEntry {
        Checks.text(correlationId, "correlationId");
        Checks.part(timeStamp, "timeStamp");
        Checks.part(result, "result");
    }
}
