package org.crs.domain.topology;

import java.util.List;
import org.crs.domain.admission.VlanRange;

/** The demo network of deploy/topology/, written out in code for tests. */
public final class DemoNetwork {

    public static final VlanRange VLANS = new VlanRange(1000, 1999);

    private DemoNetwork() {
    }

    /** wan.yaml: core-1 and core-3 joined directly (2.5G) and through core-2 (10G), metric 10 each. */
    public static WanTopology wan() {
        return new WanTopology(
                List.of(new CoreRouter("core-1", "10.0.0.1"), new CoreRouter("core-2", "10.0.0.2"),
                        new CoreRouter("core-3", "10.0.0.3")),
                List.of(new Link("core-1-core-3", "core-1", "POS4/0", "core-3", "POS4/0", 2500, 10),
                        new Link("core-1-core-2", "core-1", "POS4/1", "core-2", "POS4/0", 10000, 10),
                        new Link("core-2-core-3", "core-2", "POS4/1", "core-3", "POS4/1", 10000, 10)),
                List.of(new AccessPoint("site-a", "core-1", "GigabitEthernet3/0", 1000, VLANS),
                        new AccessPoint("site-b", "core-3", "GigabitEthernet3/0", 1000, VLANS)));
    }

    /** site-a-campus.yaml, with two of its four hosts. */
    public static CampusTopology siteA() {
        return new CampusTopology("site-a",
                List.of(new EdgeRouter("edge-a")),
                List.of(new HostPort("host-a1", "edge-a", "GigabitEthernet1/1", 1000),
                        new HostPort("host-a2", "edge-a", "GigabitEthernet1/2", 1000)),
                List.of(new Uplink("edge-a", "TenGigabitEthernet2/1", "site-a", 10000)),
                VLANS);
    }
}
