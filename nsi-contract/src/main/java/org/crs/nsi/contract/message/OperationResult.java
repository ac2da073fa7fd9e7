package org.crs.nsi.contract.message;

/** The result of a reserve, commit, abort, provision, release or terminate; also what queryResult lists. */
public sealed interface OperationResult extends RequesterMessage permits ReserveConfirmed, ReserveFailed,
        ReserveCommitConfirmed, ReserveCommitFailed, ReserveAbortConfirmed, ProvisionConfirmed, ReleaseConfirmed,
        TerminateConfirmed, ErrorMessage {
}
