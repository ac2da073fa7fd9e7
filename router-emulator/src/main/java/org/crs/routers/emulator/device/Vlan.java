package org.crs.routers.emulator.device;

/** A VLAN in the router's VLAN database. */
public final class Vlan {

    public static final int MIN = 1;
    public static final int MAX = 4094;

    private final int id;
    private String name;
    private final boolean builtIn;

    public Vlan(int id, String name, boolean builtIn) {
        this.id = id;
        this.name = name;
        this.builtIn = builtIn;
    }

    /** IOS's name for a VLAN that was given none: VLAN0042. */
    public static String defaultName(int id) {
        return String.format("VLAN%04d", id);
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** VLAN 1 and 1002-1005 exist on every switch and can be neither deleted nor renamed. */
    public boolean builtIn() {
        return builtIn;
    }

    public static boolean isBuiltIn(int id) {
        return id == 1 || (id >= 1002 && id <= 1005);
    }
}
