#!/usr/bin/env bash
# Runs OpenNSA (the NSI CS 2.0 reference provider/aggregator) beside CRS on 127.0.0.1,
# as the peer that CRS's NSI interop is checked against. See README.md beside this file.
#
#   run-opennsa.sh <opennsa-checkout> <work-folder> [options]   set up (once) and start
#   run-opennsa.sh --stop <work-folder>                          stop OpenNSA and its PostgreSQL
#
# Options:
#   --port N         OpenNSA's HTTP port (default 9080)
#   --pg-port N      its PostgreSQL's port on 127.0.0.1 (default 54329)
#   --domain D       OpenNSA's domain (default domain-c.crs.example:2026): NSA id
#                    urn:ogf:network:D:nsa, network urn:ogf:network:D:topology
#   --nrm FILE       port map (default opennsa.nrm beside this script)
#   --peer URL       an NSA discovery document OpenNSA polls (repeatable), e.g. a BAR's
#                    http://127.0.0.1:<port>/NSI/discovery.xml
#   --admin NSA-ID   a requester allowed to query every connection (repeatable)
#   --fresh          drop OpenNSA's database and load its schema again: no connection of an
#                    earlier run holds a port or VLAN (the interop check starts so)
#
# The work folder gets: venv/ (OpenNSA's requirements from PyPI), pg/ (a PostgreSQL
# cluster, run as user postgres when started as root), opennsa.conf, opennsa.nrm,
# opennsa.log (OpenNSA's log with every SOAP payload), twistd.pid.
# Nothing of OpenNSA is copied out of the checkout; it runs from there.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

die() { echo "run-opennsa.sh: $*" >&2; exit 1; }

pg_bin() {
    local d
    for d in "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" \
             /usr/lib/postgresql/*/bin; do
        [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { echo "$d"; return; }
    done
    die "no PostgreSQL server binaries (initdb, pg_ctl) found; install Debian's postgresql package"
}

# PostgreSQL refuses to run as root: run its commands as the postgres user then.
as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
    local work="$1"
    [ -d "$work" ] || die "no work folder $work"
    work="$(cd "$work" && pwd)"
    if [ -f "$work/twistd.pid" ]; then
        local pid; pid="$(cat "$work/twistd.pid")"
        if kill "$pid" 2>/dev/null; then
            for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
            echo "OpenNSA (pid $pid) stopped"
        fi
        rm -f "$work/twistd.pid"
    fi
    if [ -f "$work/pg/data/postmaster.pid" ]; then
        as_pg "$(pg_bin)/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null && echo "PostgreSQL stopped"
    fi
}

if [ "${1:-}" = "--stop" ]; then
    [ $# = 2 ] || die "usage: run-opennsa.sh --stop <work-folder>"
    stop "$2"
    exit 0
fi

[ $# -ge 2 ] || die "usage: run-opennsa.sh <opennsa-checkout> <work-folder> [--port N] [--pg-port N] [--domain D] [--nrm FILE] [--peer URL]... [--admin NSA-ID]... [--fresh]  |  --stop <work-folder>"
src="$(cd "$1" && pwd)" || die "no OpenNSA checkout at $1"
work="$2"
shift 2
port=9080
pg_port=54329
domain=domain-c.crs.example:2026
nrm="$here/opennsa.nrm"
peers=()
admins=()
fresh=0
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="$2"; shift 2 ;;
        --pg-port) pg_port="$2"; shift 2 ;;
        --domain) domain="$2"; shift 2 ;;
        --nrm) nrm="$(readlink -f "$2")"; shift 2 ;;
        --peer) peers+=("$2"); shift 2 ;;
        --admin) admins+=("$2"); shift 2 ;;
        --fresh) fresh=1; shift ;;
        *) die "unknown option $1" ;;
    esac
done
[ -f "$src/opennsa/setup.py" ] && [ -f "$src/datafiles/schema.sql" ] && [ -f "$src/requirements.txt" ] \
    || die "$src does not look like an OpenNSA checkout (opennsa/setup.py, datafiles/schema.sql, requirements.txt)"
[ -f "$nrm" ] || die "no port map $nrm"

mkdir -p "$work"
work="$(cd "$work" && pwd)"
if [ -f "$work/twistd.pid" ] && kill -0 "$(cat "$work/twistd.pid")" 2>/dev/null; then
    die "OpenNSA already runs (pid $(cat "$work/twistd.pid")); stop it first with --stop $work"
fi
# the postgres user must reach the cluster folder
chmod 755 "$work"

# 1. Python environment with OpenNSA's pinned requirements (Twisted 21.2..21.6, psycopg2
#    built from source against libpq, so libpq-dev and a C compiler are needed).
#    Python 3.11 and later refuse the regular expressions of twistar's bundled
#    BermiInflector ("global flags not at the start of the expression"), which breaks
#    every database write; OpenNSA asks for 3.9, and 3.10 still works.
find_python() {
    local c
    for c in "${PYTHON:-}" python3.9 python3.10 "$HOME"/.pyenv/versions/3.9*/bin/python3 \
             "$HOME"/.pyenv/versions/3.10*/bin/python3; do
        [ -n "$c" ] && command -v "$c" >/dev/null 2>&1 || continue
        if "$c" -c 'import sys; sys.exit(0 if (3, 9) <= sys.version_info[:2] <= (3, 10) else 1)' 2>/dev/null; then
            echo "$c"; return
        fi
    done
    die "OpenNSA needs Python 3.9 or 3.10 (set PYTHON=/path/to/python3.9)"
}
if [ -x "$work/venv/bin/python" ] && ! "$work/venv/bin/python" -c \
        'import sys; sys.exit(0 if (3, 9) <= sys.version_info[:2] <= (3, 10) else 1)'; then
    echo "the Python environment in $work/venv is $("$work/venv/bin/python" --version 2>&1); OpenNSA needs 3.9 or 3.10: making it again"
    rm -rf "$work/venv"
fi
if [ ! -x "$work/venv/bin/twistd" ]; then
    py="$(find_python)"
    echo "creating the Python environment in $work/venv with $("$py" --version)"
    "$py" -m venv "$work/venv"
    "$work/venv/bin/pip" install -q -r "$src/requirements.txt" -c "$here/constraints.txt" > "$work/pip.log" 2>&1 \
        || { tail -20 "$work/pip.log" >&2; die "pip install failed (see $work/pip.log)"; }
fi
# a virtualenv made without constraints.txt: its TLS handshakes fail (see constraints.txt)
if ! "$work/venv/bin/python" -c 'import OpenSSL.crypto; OpenSSL.crypto.X509.get_extension' 2>/dev/null; then
    echo "pyOpenSSL in $work/venv lacks X509.get_extension, which service-identity needs: installing constraints.txt"
    "$work/venv/bin/pip" install -q -c "$here/constraints.txt" pyOpenSSL >> "$work/pip.log" 2>&1 \
        || { tail -20 "$work/pip.log" >&2; die "pip install failed (see $work/pip.log)"; }
fi

# 2. PostgreSQL on 127.0.0.1:$pg_port, data in the work folder, trust authentication
#    (local test cluster reachable from 127.0.0.1 only).
bin="$(pg_bin)"
export PGHOST=127.0.0.1 PGPORT="$pg_port"
if [ ! -f "$work/pg/data/PG_VERSION" ]; then
    echo "creating a PostgreSQL cluster in $work/pg"
    mkdir -p "$work/pg/data" "$work/pg/socket"
    [ "$(id -u)" = 0 ] && chown -R postgres: "$work/pg"
    as_pg "$bin/initdb" -D "$work/pg/data" -U postgres --auth=trust -E UTF8 > "$work/pg/initdb.log"
fi
if as_pg "$bin/pg_ctl" -D "$work/pg/data" status >/dev/null 2>&1; then
    # left running by an earlier start: keep its port (the fourth line of postmaster.pid)
    pg_port="$(sed -n 4p "$work/pg/data/postmaster.pid")"
    export PGPORT="$pg_port"
else
    as_pg "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/postgresql.log" -w \
        -o "-p $pg_port -k $work/pg/socket -c listen_addresses=127.0.0.1" start >/dev/null \
        || die "PostgreSQL did not start (see $work/pg/postgresql.log)"
fi
if [ "$fresh" = 1 ]; then
    echo "dropping database opennsa and starting a new log (--fresh)"
    [ -f "$work/opennsa.log" ] && mv "$work/opennsa.log" "$work/opennsa.log.1"
    "$bin/psql" -q -U postgres -d postgres -c "drop database if exists opennsa"
fi
if ! "$bin/psql" -U postgres -d postgres -tAc "select 1 from pg_roles where rolname='opennsa'" | grep -q 1; then
    "$bin/psql" -q -U postgres -d postgres -c "create role opennsa login"
fi
if ! "$bin/psql" -U postgres -d postgres -tAc "select 1 from pg_database where datname='opennsa'" | grep -q 1; then
    echo "creating database opennsa and loading $src/datafiles/schema.sql"
    "$bin/psql" -q -U postgres -d postgres -c "create database opennsa owner opennsa"
    "$bin/psql" -q -v ON_ERROR_STOP=1 -U opennsa -d opennsa -f "$src/datafiles/schema.sql" > /dev/null
fi

# 3. Configuration from our template.
cp "$nrm" "$work/opennsa.nrm"
mkdir -p "$work/certs"
if [ ${#peers[@]} -gt 0 ]; then
    peers_line="peers=${peers[0]}"
    for p in "${peers[@]:1}"; do peers_line+=$'\n    '"$p"; done
else
    peers_line="#peers=   (none: OpenNSA acts as a uPA only)"
fi
admins_line="$(IFS=,; echo "${admins[*]:-}")"
awk -v domain="$domain" -v port="$port" -v nrm="$work/opennsa.nrm" -v peers="$peers_line" -v admins="$admins_line" -v certdir="$work/certs" '
    { gsub(/@DOMAIN@/, domain); gsub(/@PORT@/, port); gsub(/@NRM@/, nrm); gsub(/@ADMINS@/, admins); gsub(/@CERTDIR@/, certdir)
      if ($0 == "@PEERS_LINE@") $0 = peers
      print }' "$here/opennsa.conf.template" > "$work/opennsa.conf"

# 4. Start OpenNSA with twistd from the checkout, daemonised.
rm -f "$work/twistd.pid"
(
    cd "$src"
    PYTHONPATH="$src" OPENNSA_CONF="$work/opennsa.conf" OPENNSA_LOG="$work/opennsa.log" \
        "$work/venv/bin/twistd" --pidfile "$work/twistd.pid" --logfile "$work/twistd.log" \
        -y "$here/crs-opennsa.tac"
)

base="http://127.0.0.1:$port/NSI"
for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "$base/discovery.xml" 2>/dev/null; then
        echo "OpenNSA runs (pid $(cat "$work/twistd.pid")), log $work/opennsa.log"
        echo "  NSA id     urn:ogf:network:$domain:nsa"
        echo "  provider   $base/services/CS2"
        echo "  discovery  $base/discovery.xml"
        echo "  topology   $base/$domain:topology.nml.xml"
        exit 0
    fi
    sleep 0.5
done
tail -30 "$work/opennsa.log" "$work/twistd.log" >&2 2>/dev/null || true
die "OpenNSA did not answer $base/discovery.xml within 60 s"
