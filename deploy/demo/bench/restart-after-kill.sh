#!/usr/bin/env bash
# Ready again after a crash: starts the demo (deploy/run-demo.sh) on a data folder of its own,
# waits until both sites serve, then RUNS times: kills the whole demo with kill -9 (its process
# group: the JVM with the BARs, L-NSAPs, NSAP and the routers' emulator), starts it again and
# times from invoking deploy/run-demo.sh until both sites serve. Prints every run, the median
# and the worst, with the CPU time the demo took until then, the machine's load average, the
# commit and the Java version.
#
# "Serves" is what docs/deployment.md ("Ready after a restart") tells an operator to check, at
# each BAR (site-a on 8080, site-b on 8083), all three answering:
#   GET  /health                          HTTP 200 (every check UP: database, schedule, providers)
#   GET  /api/reservations?limit=1        HTTP 200 as alice (the JSON API)
#   POST /services/ReservationService     listEndpoints as alice (SOAP): HTTP 200 listing the hosts of
#                                         both sites, so its L-NSAP and the other site's BAR answered
#
# Usage: deploy/demo/bench/restart-after-kill.sh [--runs N] [--hold SECONDS] [--data FOLDER]
#   --runs    restarts to time (10)
#   --hold    how long the demo runs serving before each kill (3 s), so that it is killed in
#             its steady state: schedule sweeps writing to the databases, not mid-start
#   --data    the demo's data folder (default: a new temporary folder, removed at the end)
# The demo's fixed ports must be free (no other demo running on this machine).
set -euo pipefail
cd "$(dirname "$0")/../../.."

runs=10
hold=3
data=""
while (($#)); do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --hold) hold=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    *) echo "unknown argument $1; usage: $0 [--runs N] [--hold SECONDS] [--data FOLDER]" >&2; exit 2 ;;
  esac
done

ports=(8080 8081 8082 8083 8090 8443 8446)
for p in "${ports[@]}"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    echo "port $p is in use: stop the demo that holds it first" >&2
    exit 1
  fi
done

own_data=false
if [[ -z "$data" ]]; then
  data=$(mktemp -d /tmp/crs-restart-bench.XXXXXX)
  own_data=true
fi
log="$data.demo.log"
demo_pid=""

stop_demo() {
  if [[ -n "$demo_pid" ]] && kill -0 "$demo_pid" 2>/dev/null; then
    kill -9 -- "-$demo_pid" 2>/dev/null || true
    while kill -0 "$demo_pid" 2>/dev/null; do sleep 0.05; done
  fi
  demo_pid=""
}
cleanup() {
  stop_demo
  if $own_data; then rm -rf "$data"; fi
}
trap cleanup EXIT

now_ns() { date +%s%N; }

soap_list_endpoints="<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/' xmlns:n='urn:crs:bar:1'><s:Body><n:listEndpoints/></s:Body></s:Envelope>"

# One BAR serves: health 200, the JSON API and the SOAP API answer alice, the latter with both sites' hosts.
serves() {
  local base="http://127.0.0.1:$1"
  curl -sf --max-time 2 -o /dev/null "$base/health" || return 1
  curl -sf --max-time 2 -o /dev/null -u alice:alice-demo "$base/api/reservations?limit=1" || return 1
  local endpoints
  endpoints=$(curl -sf --max-time 2 -u alice:alice-demo -H 'Content-Type: text/xml' -H 'SOAPAction: urn:listEndpoints' \
      --data "$soap_list_endpoints" "$base/services/ReservationService") || return 1
  # Both sites' hosts: the BAR asked its L-NSAP and the other site's BAR, and both answered.
  [[ "$endpoints" == *'<ns:return>site-a:'* && "$endpoints" == *'<ns:return>site-b:'* ]]
}

# Starts the demo in a process group of its own (setsid: its pid is the group's id; run-demo.sh
# execs the JVM, so that pid is the JVM's) and sets elapsed to the seconds until both sites serve,
# cpu to the CPU seconds the demo took until then.
elapsed=""
cpu=""
start_and_time() {
  local t0 t1
  t0=$(now_ns)
  setsid deploy/run-demo.sh "$data" >>"$log" 2>&1 &
  demo_pid=$!
  disown "$demo_pid"  # no "Killed" line from the shell at each kill
  local site_a=false site_b=false
  while :; do
    kill -0 "$demo_pid" 2>/dev/null || { echo "the demo stopped; its log: $log" >&2; tail -20 "$log" >&2; exit 1; }
    $site_a || { serves 8080 && site_a=true; } || true
    $site_b || { serves 8083 && site_b=true; } || true
    if $site_a && $site_b; then break; fi
    if (( ($(now_ns) - t0) > 180000000000 )); then echo "not serving after 180 s; its log: $log" >&2; exit 1; fi
    sleep 0.05
  done
  t1=$(now_ns)
  elapsed=$(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.2f", d / 1e9 }')
  # The CPU time the demo's process (all its threads) took until then: on a machine shared with
  # other work the wall time follows the load, this much less.
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$demo_pid/stat")
}

load() { cut -d' ' -f1-3 /proc/loadavg; }

echo "restart after kill -9: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo '+changes'),"
echo "  $(java -version 2>&1 | head -1), $(nproc) cores, data in $data, log $log"
echo "  class-data archive: $( [[ -f deploy/demo/target/crs-demo.jsa ]] && echo present || echo absent )"
start_and_time
echo "first start (builds if needed, makes the certificates and databases; not counted): $elapsed s, CPU $cpu s, load $(load)"

times=()
cpus=()
for ((i = 1; i <= runs; i++)); do
  sleep "$hold"
  stop_demo
  start_and_time
  times+=("$elapsed")
  cpus+=("$cpu")
  echo "run $i: $elapsed s, CPU $cpu s  (load average $(load))"
done
stop_demo

summary() {
  sort -n | awk -v what="$1" '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%d restarts, %s: median %.2f s, worst %.2f s, best %.2f s\n", NR, what, m, v[NR], v[1] }'
}
printf '%s\n' "${times[@]}" | summary "start to both sites serving"
printf '%s\n' "${cpus[@]}" | summary "CPU time of the demo until then"
