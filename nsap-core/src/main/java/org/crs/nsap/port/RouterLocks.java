package org.crs.nsap.port;

/**
 * One change at a time per router, among everything that configures routers for this service:
 * the router threads of one instance, and, on a clustered database, every replica.
 *
 * <p>A caller holds one router's lock at a time and releases it before taking another, so
 * two callers never wait for each other in a cycle.
 */
public interface RouterLocks {

    /**
     * Waits until no other holder has the router's lock, and takes it.
     *
     * @param router the router's name, as the router access file gives it
     * @return the lock, held until {@link Held#close()}
     * @throws RuntimeException when the lock cannot be taken (its database failed, say); then
     *     nothing is held
     */
    Held lock(String router);

    /** A router's lock, held; closing it releases it. */
    interface Held extends AutoCloseable {
        /** Releases the lock; a second call does nothing. */
        @Override
        void close();
    }
}
