package org.crs.routers.emulator.device;

import java.util.ArrayList;
import java.util.List;

/** An {@code ip explicit-path}: the hops a TE tunnel must take. */
public final class ExplicitPath {

    private final String name;
    private boolean enabled = true;
    private final List<String> nextAddresses = new ArrayList<>();

    public ExplicitPath(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public boolean enabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public List<String> nextAddresses() {
        return nextAddresses;
    }
}
