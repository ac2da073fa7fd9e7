package org.crs.routers.emulator.device;

/**
 * The two router families CRS drives. A profile decides which commands a router accepts
 * and how it describes itself.
 */
public enum Profile {
    /** Cisco 7600 campus edge router (IOS 12.2SR): VLANs, switchports, policers, EoMPLS on SVIs. */
    C7600("CISCO7609", "12.2(33)SRE9", "cisco CISCO7609 (R7000) processor", "1.3.6.1.4.1.9.1.1047"),
    /** Cisco 12000 GSR WAN core router (IOS 12.0S): dot1Q subinterfaces, TE tunnels, pseudowires. */
    C12000("GSR12410", "12.0(33)S11", "cisco 12410/PRP (MPC7457) processor", "1.3.6.1.4.1.9.1.349");

    private final String chassis;
    private final String iosVersion;
    private final String processor;
    private final String sysObjectId;

    Profile(String chassis, String iosVersion, String processor, String sysObjectId) {
        this.chassis = chassis;
        this.iosVersion = iosVersion;
        this.processor = processor;
        this.sysObjectId = sysObjectId;
    }

    public String chassis() {
        return chassis;
    }

    public String iosVersion() {
        return iosVersion;
    }

    /** The major IOS train as shown by the {@code version} line of the running config. */
    public String versionLine() {
        return iosVersion.substring(0, 4);
    }

    public String processor() {
        return processor;
    }

    public String sysObjectId() {
        return sysObjectId;
    }

    /** sysDescr as IOS reports it. */
    public String sysDescr() {
        String image = this == C7600 ? "c7600s72033-ADVIPSERVICESK9-M" : "GSR-P-M";
        return "Cisco IOS Software, " + chassis + " Software (" + image + "), Version " + iosVersion
                + ", RELEASE SOFTWARE (fc1)\r\nTechnical Support: http://www.cisco.com/techsupport";
    }

    /** Parses {@code 7600} / {@code C7600} / {@code 12000} / {@code C12000}. */
    public static Profile parse(String text) {
        String t = text.trim().toUpperCase();
        if (t.equals("7600") || t.equals("C7600")) {
            return C7600;
        }
        if (t.equals("12000") || t.equals("C12000") || t.equals("GSR")) {
            return C12000;
        }
        throw new IllegalArgumentException("unknown profile '" + text + "': expected 7600 or 12000");
    }
}
