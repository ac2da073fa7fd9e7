#!/usr/bin/env bash
# Starts the CRS demo: emulated routers, a BAR and an L-NSAP for each of site-a and site-b, and
# the NSAP of the WAN, each on an embedded HSQLDB under target/crs-demo. Prints the URLs;
# site-a's BAR answers at http://127.0.0.1:8080/services/ReservationService.
# Arguments: [DATA-FOLDER] [--minimum-seconds N] [--routers-apart] [--any-ports] [--inventory FILE]
#            [--dry-run-routers]   (no emulator: every router on the dry-run driver, see docs/router-drivers.md)
#            [--nsi-domain]        (a second CRS domain, domain-c, linked to site-a over NSI only: its own BAR
#                                   on 8085/8447, L-NSAP on 8087, emulated edge-c and CA; docs/nsi.md)
#
# Builds first only when the sources changed since the last build: when the jar is missing, or
# a pom.xml, a file under a module's src/, or deploy/config, deploy/topology or deploy/emulator
# is newer than the stamp deploy/demo/target/demo-build.stamp. Otherwise it starts at once.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=deploy/demo/target/crs-demo.jar
stamp=deploy/demo/target/demo-build.stamp

changed_since_stamp() {
  [[ -f "$jar" && -f "$stamp" ]] || return 0
  local newer
  newer=$(find . \( -name target -o -name .git -o -name node_modules \) -prune -o -type f \
      \( -name pom.xml -o -path '*/src/*' -o -path './deploy/config/*' -o -path './deploy/topology/*' \
         -o -path './deploy/emulator/*' \) -newer "$stamp" -print -quit)
  [[ -n "$newer" ]]
}

# The classes the demo loads, archived by the build (class-data sharing: a training run of the
# demo in the package phase, org.crs.demo.ClassArchiveTraining) and mapped at every start, a
# start after a crash included: the JVM then skips parsing and verifying them. An archive older
# than the jar or a library (a build with -Dcrs.demo.classArchive.skip) is not used: the demo
# starts without one and writes one when it exits normally (Ctrl-C). The JVM checks the archive
# too, and starts without it when the class path or the Java runtime differ.
classes=deploy/demo/target/crs-demo.jsa

if changed_since_stamp; then
  mkdir -p deploy/demo/target
  # Stamped with the time the build began: a file changed during the build is rebuilt next time.
  touch "$stamp.building"
  mvn -B -q -pl deploy/demo -am package -DskipTests
  mv "$stamp.building" "$stamp"
fi
if [[ -f "$classes" && "$classes" -nt "$jar" ]] \
    && [[ -z $(find deploy/demo/target/lib -newer "$classes" -print -quit) ]]; then
  share=(-XX:SharedArchiveFile="$classes")
else
  echo "No class-data archive newer than the demo's jar ($classes): starting without; it is written when the demo exits normally." >&2
  rm -f "$classes"
  share=(-XX:ArchiveClassesAtExit="$classes")
fi
# The demo is short-lived and the machine may be small: the client compiler and the serial
# collector start it sooner than the defaults.
exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "${share[@]}" -Xlog:cds=off -Xlog:cds+dynamic=off \
  -Dlogback.configurationFile=deploy/config/logback.xml -Djava.util.logging.config.file=deploy/config/logging.properties \
  -jar "$jar" "$@"
