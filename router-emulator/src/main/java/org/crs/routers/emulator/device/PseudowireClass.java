package org.crs.routers.emulator.device;

/** A pseudowire-class: encapsulation and the TE tunnel a pseudowire is pinned to. */
public final class PseudowireClass {

    private final String name;
    private String encapsulation;
    private String preferredPath;
    private boolean disableFallback;

    public PseudowireClass(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public String encapsulation() {
        return encapsulation;
    }

    public void setEncapsulation(String encapsulation) {
        this.encapsulation = encapsulation;
    }

    /** The interface named by {@code preferred-path interface X}, or null. */
    public String preferredPath() {
        return preferredPath;
    }

    public boolean disableFallback() {
        return disableFallback;
    }

    public void setPreferredPath(String preferredPath, boolean disableFallback) {
        this.preferredPath = preferredPath;
        this.disableFallback = preferredPath != null && disableFallback;
    }
}
