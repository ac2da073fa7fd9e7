#!/usr/bin/env bash
# Installs the programs the test suite runs as independent peers of the project's servers:
# net-snmp's command-line tools (Debian package snmp), Debian's Chromium for the browser
# scenarios (package chromium; the scenarios never download a browser of their own), and the
# Python SSH clients netmiko and paramiko, the SOAP client zeep, the API fuzzer schemathesis and
# the Prometheus text-format parser of prometheus_client
# (deploy/test-tools-requirements.txt). Safe to run again.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v snmpget >/dev/null 2>&1 || ! command -v snmpset >/dev/null 2>&1; then
  echo "installing net-snmp tools (Debian package snmp)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq snmp >/dev/null
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Chromium (Debian package chromium)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

python=${CRS_PYTHON:-python3}
requirements_met() {
  "$python" -c 'import netmiko, paramiko, zeep, prometheus_client' >/dev/null 2>&1 \
    && [ "$("$python" -c 'from importlib.metadata import version; print(version("prometheus_client"))')" = "$(sed -n 's/^prometheus_client==//p' "$here/test-tools-requirements.txt")" ] \
    && [ "$("$python" -m schemathesis.cli --version 2>/dev/null | awk '{print $NF}')" = "$(sed -n 's/^schemathesis==//p' "$here/test-tools-requirements.txt")" ]
}
if ! requirements_met; then
  echo "installing Python test clients: $(grep -v '^#' "$here/test-tools-requirements.txt" | xargs)"
  # Debian's own python refuses system-wide installs (PEP 668); the flag is the documented way past it.
  "$python" -m pip install -q -r "$here/test-tools-requirements.txt" 2>/dev/null \
    || "$python" -m pip install -q --break-system-packages -r "$here/test-tools-requirements.txt"
fi

snmpget --version 2>&1 | head -1
/usr/bin/chromium --version 2>/dev/null
"$python" -c 'import netmiko, paramiko, zeep; print("netmiko", netmiko.__version__, "paramiko", paramiko.__version__, "zeep", zeep.__version__)'
"$python" -c 'from importlib.metadata import version; print("prometheus_client", version("prometheus_client"))'
"$python" -m schemathesis.cli --version
