package org.crs.routers.emulator.cli;

import java.time.Clock;

import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Profile;

/** A router and a privileged CLI session on it, with no transport: what a test types and reads. */
final class Console {

    final Device device;
    final IosSession session;

    private Console(Device device) {
        this.device = device;
        this.session = new IosSession(device, "enable-secret", true);
    }

    /** A 7600 with host ports Gi1/1-4 parked and trunk Te2/1 allowing no VLAN. */
    static Console edge() {
        Device d = new Device("edge-a", Profile.C7600, "10.0.1.1", Clock.systemUTC());
        for (int p = 1; p <= 4; p++) {
            d.addInterface(InterfaceName.parse("GigabitEthernet1/" + p), 1_000_000_000L);
        }
        d.addInterface(InterfaceName.parse("TenGigabitEthernet2/1"), 10_000_000_000L);
        Console c = new Console(d);
        c.type("configure terminal");
        for (int p = 1; p <= 4; p++) {
            c.type("interface GigabitEthernet1/" + p, "switchport", "switchport mode access", "shutdown");
        }
        c.type("interface TenGigabitEthernet2/1", "switchport", "switchport trunk encapsulation dot1q",
                "switchport trunk allowed vlan none", "switchport mode trunk", "no shutdown", "end");
        return c;
    }

    /** A 12000 with access port Gi3/0 up. */
    static Console core() {
        Device d = new Device("core-1", Profile.C12000, "10.0.0.1", Clock.systemUTC());
        d.addInterface(InterfaceName.parse("GigabitEthernet3/0"), 1_000_000_000L);
        d.addInterface(InterfaceName.parse("POS4/0"), 9_953_280_000L);
        Console c = new Console(d);
        c.type("configure terminal", "interface GigabitEthernet3/0", "no shutdown", "end");
        return c;
    }

    /** Types the lines; returns the answer to the last one. */
    String type(String... lines) {
        String answer = "";
        for (String line : lines) {
            answer = session.execute(line).text();
        }
        return answer;
    }

    String prompt() {
        return session.prompt();
    }

    String runningConfig() {
        return device.runningConfig();
    }
}
