package org.crs.routers.emulator.cli;

/** The command modes of IOS, each with its prompt suffix and the mode {@code exit} returns to. */
enum Mode {
    USER_EXEC(">", null),
    PRIVILEGED_EXEC("#", null),
    CONFIG("(config)#", PRIVILEGED_EXEC),
    CONFIG_IF("(config-if)#", CONFIG),
    CONFIG_SUBIF("(config-subif)#", CONFIG),
    CONFIG_VLAN("(config-vlan)#", CONFIG),
    CONFIG_PMAP("(config-pmap)#", CONFIG),
    CONFIG_PMAP_C("(config-pmap-c)#", CONFIG_PMAP),
    CONFIG_PW_CLASS("(config-pw-class)#", CONFIG),
    CONFIG_EXPL_PATH("(cfg-ip-expl-path)#", CONFIG);

    final String promptSuffix;
    final Mode parent;

    Mode(String promptSuffix, Mode parent) {
        this.promptSuffix = promptSuffix;
        this.parent = parent;
    }

    boolean isConfig() {
        return this != USER_EXEC && this != PRIVILEGED_EXEC;
    }
}
