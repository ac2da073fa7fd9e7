package org.crs.routers.emulator.device;

import java.util.LinkedHashMap;
import java.util.Map;

/** A QoS policy-map: named classes, each with an optional policer. */
public final class PolicyMap {

    private final String name;
    private final Map<String, PolicyClass> classes = new LinkedHashMap<>();

    public PolicyMap(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public Map<String, PolicyClass> classes() {
        return classes;
    }

    public PolicyClass classNamed(String className) {
        return classes.computeIfAbsent(className, PolicyClass::new);
    }

    /** The lowest policed rate of any class, or -1 when nothing is policed. */
    public long policedRateBps() {
        return classes.values().stream().filter(c -> c.police() != null)
                .mapToLong(c -> c.police().rateBps()).min().orElse(-1);
    }

    /** One class of a policy-map. */
    public static final class PolicyClass {
        private final String name;
        private Police police;

        PolicyClass(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        public Police police() {
            return police;
        }

        public void setPolice(Police police) {
            this.police = police;
        }
    }
}
