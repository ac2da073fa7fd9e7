#!/usr/bin/env bash
# Builds the router emulator and runs it on an inventory (default: the demo routers).
# Each router listens on 127.0.0.1 at the ports the inventory gives; Ctrl-C stops them.
set -euo pipefail
cd "$(dirname "$0")/.."
inventory="${1:-deploy/emulator/demo-routers.yaml}"
mvn -B -q -pl router-emulator -am package -DskipTests
exec java -Dlogback.configurationFile=deploy/config/logback.xml -jar router-emulator/target/router-emulator.jar "$inventory"
