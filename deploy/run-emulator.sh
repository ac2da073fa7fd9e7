#!/usr/bin/env bash
# Builds the router emulator and runs it on an inventory (default: the demo routers).
# Each router listens on 127.0.0.1 at the ports the inventory gives; Ctrl-C stops them.
# Arguments: [INVENTORY] [--state DIR]. With --state, each router saves its state in DIR after
# every change and comes back from it at the next start (docs/router-emulator.md).
set -euo pipefail
cd "$(dirname "$0")/.."
inventory=deploy/emulator/demo-routers.yaml
if [[ $# -gt 0 && "$1" != --* ]]; then
  inventory="$1"
  shift
fi
mvn -B -q -pl router-emulator -am package -DskipTests
exec java -Dlogback.configurationFile=deploy/config/logback.xml -jar router-emulator/target/router-emulator.jar "$inventory" "$@"
