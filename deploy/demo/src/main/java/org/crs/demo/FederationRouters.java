package org.crs.demo;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The emulated routers the services drive.
 *
 * @param inventory the routers' inventory; null for the repository's deploy/emulator/demo-routers.yaml
 * @param placement in this process, apart, or none at all (dry run)
 * @param stateFolder where routers apart keep their state (required when apart, unused in process)
 */
public record FederationRouters(Path inventory, Placement placement, Path stateFolder) {

    /** Where the emulated routers run. */
    public enum Placement {
        /** In the federation's process, stopped with it. */
        IN_PROCESS,
        /** In an emulator process of their own that outlives the federation ({@link RoutersApart}). */
        APART,
        /**
         * Nowhere: every router of the inventory is on the dry-run driver, which sends nothing
         * and writes what it would send to the device logs (docs/router-drivers.md).
         */
        DRY_RUN
    }

    public FederationRouters {
        Objects.requireNonNull(placement, "placement");
        if (placement == Placement.APART && stateFolder == null) {
            throw new IllegalArgumentException("stateFolder is required for routers apart");
        }
    }

    /** The demo's routers, in this process. */
    public static FederationRouters inProcess() {
        return new FederationRouters(null, Placement.IN_PROCESS, null);
    }

    /** The routers of {@code inventory} (null: the demo's), in an emulator process of their own. */
    public static FederationRouters apart(Path inventory, Path stateFolder) {
        return new FederationRouters(inventory, Placement.APART, stateFolder);
    }

    /** The routers of {@code inventory} (null: the demo's), not emulated: all on the dry-run driver. */
    public static FederationRouters dryRun(Path inventory) {
        return new FederationRouters(inventory, Placement.DRY_RUN, null);
    }
}
