package org.crs.nsap.port;

/** A router refused or failed while a segment was being configured or removed. */
public final class ActivationFailed extends Exception {

    private static final long serialVersionUID = 1L;

    private final String router;
    private final boolean routersRestored;

    /**
     * @param router the router that failed
     * @param reason why, in the router's words where it gave any
     * @param routersRestored true when every router of the segment is back as before the call
     */
    public ActivationFailed(String router, String reason, boolean routersRestored, Throwable cause) {
        super("router " + router + ": " + reason, cause);
        this.router = router;
        this.routersRestored = routersRestored;
    }

    public String router() {
        return router;
    }

    public boolean routersRestored() {
        return routersRestored;
    }
}
