#!/usr/bin/env bash
# Builds CRS and starts the demo: emulated routers, a BAR and an L-NSAP for each of site-a and
# site-b, and the NSAP of the WAN, each on an embedded HSQLDB under target/crs-demo. Prints
# the URLs; site-a's BAR answers at http://127.0.0.1:8080/services/ReservationService.
# Arguments: [DATA-FOLDER] [--minimum-seconds N]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl deploy/demo -am package -DskipTests
exec java -Dlogback.configurationFile=deploy/config/logback.xml -Djava.util.logging.config.file=deploy/config/logging.properties -jar deploy/demo/target/crs-demo.jar "$@"
