#!/usr/bin/env python3
"""Checks the /metrics answers of a CRS federation with prometheus_client's own parser.

Usage: check_metrics.py BAR.txt LNSAP.txt NSAP.txt

Each file is one service's /metrics answer, taken after one circuit was booked and came up
(MetricsEndToEndTest). The script parses each with prometheus_client.parser
(text_string_to_metric_families), a Prometheus text-format parser no one here wrote, and checks
that the families the services promise (docs/metrics.md) are there, with their types, and that
their values agree with what happened. It exits 1 naming every problem it found.
"""
import math
import sys

from prometheus_client.parser import text_string_to_metric_families

problems = []


def check(condition, what):
    if not condition:
        problems.append(what)
    return condition


def parse(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    families = {}
    for family in text_string_to_metric_families(text):
        families[family.name] = family
    return families


def family(service, families, name, kind):
    f = families.get(name)
    if check(f is not None, f"{service}: no family {name}"):
        check(f.type == kind, f"{service}: {name} is a {f.type}, not a {kind}")
    return f


def samples(f, sample_name, **labels):
    if f is None:
        return []
    return [s for s in f.samples if s.name == sample_name
            and all(s.labels.get(k) == v for k, v in labels.items())]


def total(f, sample_name, **labels):
    return sum(s.value for s in samples(f, sample_name, **labels))


def histogram_consistent(service, f):
    """Buckets never fall, and the +Inf bucket is the count, per series."""
    if f is None:
        return
    series = {}
    for s in f.samples:
        key = tuple(sorted((k, v) for k, v in s.labels.items() if k != "le"))
        series.setdefault(key, {"buckets": [], "count": None})
        if s.name.endswith("_bucket"):
            series[key]["buckets"].append((float(s.labels["le"]), s.value))
        elif s.name.endswith("_count"):
            series[key]["count"] = s.value
    for key, v in series.items():
        buckets = sorted(v["buckets"])
        counts = [c for _, c in buckets]
        check(counts == sorted(counts), f"{service}: {f.name}{dict(key)} buckets fall: {buckets}")
        check(buckets and math.isinf(buckets[-1][0]) and buckets[-1][1] == v["count"],
              f"{service}: {f.name}{dict(key)} +Inf bucket is not the count {v['count']}: {buckets[-1:]}")


def common(service, families, port_type):
    """What every service exposes: SOAP calls, their durations, the JVM."""
    calls = family(service, families, "crs_soap_calls", "counter")
    check(total(calls, "crs_soap_calls_total", service=port_type, outcome="ok") >= 1,
          f"{service}: no ok call of {port_type} counted")
    for s in samples(calls, "crs_soap_calls_total"):
        check(s.labels.get("outcome") in ("ok", "client_fault", "server_fault", "refused"),
              f"{service}: unknown outcome {s.labels}")
        check((s.labels.get("outcome") == "ok") == (s.labels.get("code") == ""),
              f"{service}: an ok call has no code, a fault has one: {s.labels}")
    durations = family(service, families, "crs_soap_call_duration_seconds", "histogram")
    histogram_consistent(service, durations)
    # Every call counted is timed: the counts agree per operation.
    for op in {s.labels["operation"] for s in samples(calls, "crs_soap_calls_total")}:
        counted = total(calls, "crs_soap_calls_total", operation=op)
        timed = total(durations, "crs_soap_call_duration_seconds_count", operation=op)
        check(counted == timed, f"{service}: {op} counted {counted} times but timed {timed} times")
    family(service, families, "jvm_memory_used_bytes", "gauge")


def bar(families):
    service = "BAR"
    common(service, families, "ReservationService")
    reservations = family(service, families, "crs_reservations", "gauge")
    states = {s.labels["state"] for s in samples(reservations, "crs_reservations")}
    check({"REQUESTED", "RESERVED", "ACTIVE", "FINISHED", "REJECTED"} <= states,
          f"{service}: crs_reservations lacks states: {sorted(states)}")
    check(total(reservations, "crs_reservations", state="ACTIVE") >= 1,
          f"{service}: the booked circuit is not counted ACTIVE")
    check(total(families.get("crs_soap_calls"), "crs_soap_calls_total", operation="createReservation", outcome="ok") >= 1,
          f"{service}: createReservation not counted")
    admission = family(service, families, "crs_admission_duration_seconds", "histogram")
    histogram_consistent(service, admission)
    check(total(admission, "crs_admission_duration_seconds_count", answer="RESERVED") >= 1,
          f"{service}: the booking's admission is not measured")
    lateness = family(service, families, "crs_activation_lateness_seconds", "histogram")
    histogram_consistent(service, lateness)
    check(total(lateness, "crs_activation_lateness_seconds_count") >= 1,
          f"{service}: the circuit's activation lateness is not measured")


def nsap(service, families, routers):
    common(service, families, "NsapService")
    segments = family(service, families, "crs_segments", "gauge")
    states = {s.labels["state"] for s in samples(segments, "crs_segments")}
    check({"HELD", "COMMITTED", "ACTIVE", "RELEASED"} <= states, f"{service}: crs_segments lacks states: {sorted(states)}")
    check(total(segments, "crs_segments", state="ACTIVE") >= 1, f"{service}: the circuit's segment is not counted ACTIVE")
    commands = family(service, families, "crs_router_command_duration_seconds", "histogram")
    histogram_consistent(service, commands)
    for router in routers:
        check(total(commands, "crs_router_command_duration_seconds_count", router=router) >= 1,
              f"{service}: no command to {router} measured")
    check(total(commands, "crs_router_command_duration_seconds_count", kind="save") >= 1,
          f"{service}: no configuration save measured")
    # The booked 100 Mbit/s circuit runs at its policed rate in the emulator: measured within 5%.
    rates = family(service, families, "crs_segment_rate_bits_per_second", "gauge")
    measured = [s.value for s in samples(rates, "crs_segment_rate_bits_per_second")]
    check(any(95e6 <= v <= 105e6 for v in measured),
          f"{service}: no segment measured at 100 Mbit/s within 5%: {measured}")
    # Without a failed command the counter has no sample and is absent; when present it has its type.
    if "crs_router_command_failures" in families:
        family(service, families, "crs_router_command_failures", "counter")


def main(bar_file, lnsap_file, nsap_file):
    bar(parse(bar_file))
    nsap("L-NSAP", parse(lnsap_file), ["edge-a"])
    nsap("NSAP", parse(nsap_file), ["core-1"])
    if problems:
        print("\n".join(problems))
        return 1
    print("metrics of the BAR, the L-NSAP and the NSAP parsed and consistent")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
