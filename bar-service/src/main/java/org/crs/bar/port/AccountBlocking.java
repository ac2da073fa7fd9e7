package org.crs.bar.port;

/**
 * Blocks and unblocks accounts for operators: a blocked account cannot sign in, and its tokens
 * and certificate are refused. The BAR's account service implements it ({@code AccountService::setBlocked}).
 */
@FunctionalInterface
public interface AccountBlocking {

    /**
     * Blocks or unblocks an account; doing it again changes nothing.
     *
     * @param reason why, for the account's record and the audit trail
     * @return false when there is no such account
     */
    boolean setBlocked(String account, boolean blocked, String reason);
}
