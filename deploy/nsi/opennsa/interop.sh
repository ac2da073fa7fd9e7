#!/usr/bin/env bash
# The interop check with OpenNSA in both directions (docs/nsi.md, "Interop with OpenNSA"):
# runs deploy/demo's OpenNsaInteropTest, which starts OpenNSA from the checkout with
# run-opennsa.sh on free ports of 127.0.0.1, drives onsa against a CRS BAR's provider port and
# has the BAR book a far part from OpenNSA's dud backend, then stops OpenNSA.
#
#   deploy/nsi/opennsa/interop.sh <opennsa-checkout> [<work-folder>]
#
# The work folder (default target/opennsa in the repository) keeps OpenNSA's virtualenv and
# PostgreSQL cluster between runs (the first run installs OpenNSA's requirements from PyPI, about
# a minute). The transcripts (onsa's output per command, OpenNSA's log with every SOAP payload)
# go to deploy/demo/target/opennsa-interop/. Set MVN_FLAGS=-o to build offline.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repository="$(cd "$here/../../.." && pwd)"
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: interop.sh <opennsa-checkout> [<work-folder>]" >&2; exit 2; }
checkout="$(cd "$1" && pwd)" || { echo "interop.sh: no OpenNSA checkout at $1" >&2; exit 2; }
work="${2:-$repository/target/opennsa}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"

cd "$repository"
# shellcheck disable=SC2086  # MVN_FLAGS is a list of flags
mvn -B ${MVN_FLAGS:-} -pl deploy/demo -am test -P opennsa -Dtest=OpenNsaInteropTest \
    -Dsurefire.failIfNoSpecifiedTests=false \
    -Dcrs.opennsa.checkout="$checkout" -Dcrs.opennsa.work="$work"
echo "transcripts: $repository/deploy/demo/target/opennsa-interop/"
