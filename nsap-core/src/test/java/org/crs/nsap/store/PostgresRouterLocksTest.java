package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.crs.nsap.activation.InProcessRouterLocks;
import org.crs.nsap.port.RouterLocks;
import org.crs.service.db.Database;
import org.crs.service.db.StoreException;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Router locks across replicas: two instances with locks of their own in-process, over one
 * PostgreSQL database, as two replicas of a service have.
 */
class PostgresRouterLocksTest {

    Database db;
    RouterLocks replicaA;
    RouterLocks replicaB;

    @BeforeEach
    void open() {
        db = EmbeddedPostgres.shared().openNewDatabase();
        replicaA = new PostgresRouterLocks(db.dataSource(), new InProcessRouterLocks());
        replicaB = new PostgresRouterLocks(db.dataSource(), new InProcessRouterLocks());
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aRouterLockedByOneReplicaWaitsAtTheOtherUntilReleased() throws Exception {
        RouterLocks.Held a = replicaA.lock("edge-a");
        CompletableFuture<RouterLocks.Held> b = CompletableFuture.supplyAsync(() -> replicaB.lock("edge-a"));
        assertThrows(TimeoutException.class, () -> b.get(500, TimeUnit.MILLISECONDS), "taken by the other replica");
        a.close();
        b.get(5, TimeUnit.SECONDS).close();
    }

    @Test
    void differentRoutersDoNotWaitForEachOther() throws Exception {
        try (RouterLocks.Held a = replicaA.lock("edge-a")) {
            CompletableFuture<RouterLocks.Held> b = CompletableFuture.supplyAsync(() -> replicaB.lock("edge-b"));
            b.get(5, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void aReplicaWhoseConnectionDiesLosesItsLocks() throws Exception {
        RouterLocks.Held a = replicaA.lock("core-1");
        // As a replica killed mid-work: its session ends at the server, and so does its lock.
        try (java.sql.Connection c = db.dataSource().getConnection(); java.sql.Statement st = c.createStatement()) {
            st.execute("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = "
                    + PostgresRouterLocks.KEY_SPACE + " AND objid = " + Integer.toUnsignedLong("core-1".hashCode()));
        }
        CompletableFuture<RouterLocks.Held> b = CompletableFuture.supplyAsync(() -> replicaB.lock("core-1"));
        b.get(5, TimeUnit.SECONDS).close();
        a.close(); // releasing over the dead connection is reported, not thrown
    }

    @Test
    void releasingTwiceReleasesOnce() throws Exception {
        RouterLocks.Held a = replicaA.lock("edge-a");
        a.close();
        a.close();
        CompletableFuture<RouterLocks.Held> b = CompletableFuture.supplyAsync(() -> replicaB.lock("edge-a"));
        b.get(5, TimeUnit.SECONDS).close();
    }

    @Test
    void aLockThatCannotReachItsDatabaseFailsAndHoldsNothing() throws Exception {
        Database gone = EmbeddedPostgres.shared().openNewDatabase();
        InProcessRouterLocks local = new InProcessRouterLocks();
        RouterLocks locks = new PostgresRouterLocks(gone.dataSource(), local);
        gone.close();
        assertThrows(StoreException.class, () -> locks.lock("edge-a"));
        CompletableFuture<RouterLocks.Held> again = CompletableFuture.supplyAsync(() -> local.lock("edge-a"));
        again.get(5, TimeUnit.SECONDS).close(); // the in-process lock was given back
    }
}
