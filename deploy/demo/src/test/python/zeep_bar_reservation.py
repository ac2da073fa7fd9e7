"""Books a cross-site circuit at a BAR with zeep, a SOAP client that no one in this project
wrote, reading only the served WSDL of the BAR's client port type: listEndpoints,
createReservation, the same createReservation again (idempotent by requestId), getReservation,
listReservations, getHistory, cancelReservation, and a bad request that must get a fault
naming its field. Prints one line per step; exits non-zero on any surprise.

Credentials: CRS_USER and CRS_PASSWORD in the environment (HTTP Basic).
Usage: zeep_bar_reservation.py WSDL_URL REQUEST_ID DAYS_AHEAD [SOURCE DESTINATION MBPS] [--xml]

The reservation lasts one hour from 10:00 UTC, DAYS_AHEAD days from today, so that callers can
keep it clear of other bookings on the same hosts. SOURCE and DESTINATION default to
site-a:host-a1 and site-b:host-b1, MBPS to 100. --xml also prints every SOAP envelope sent and
received.
"""
import datetime
import os
import sys

import zeep
from requests import Session
from requests.auth import HTTPBasicAuth
from zeep.transports import Transport
from lxml import etree
from zeep.plugins import HistoryPlugin


def check(condition, message):
    if not condition:
        print("MISMATCH", message)
        sys.exit(1)


def signed_in():
    """A transport that signs every request (the WSDL too) in with HTTP Basic, as CRS_USER with CRS_PASSWORD."""
    session = Session()
    session.auth = HTTPBasicAuth(os.environ["CRS_USER"], os.environ["CRS_PASSWORD"])
    return Transport(session=session)


def main():
    args = [a for a in sys.argv[1:] if a != "--xml"]
    show_xml = "--xml" in sys.argv[1:]
    if len(args) not in (3, 6):
        print(__doc__)
        sys.exit(2)
    wsdl, request_id, days = args[0], args[1], int(args[2])
    source, destination, mbps = (args[3], args[4], int(args[5])) if len(args) == 6 else \
        ("site-a:host-a1", "site-b:host-b1", 100)
    history = HistoryPlugin()
    client = zeep.Client(wsdl, transport=signed_in(), plugins=[history])
    service = client.service

    def show():
        if show_xml:
            for direction, entry in (("sent", history.last_sent), ("received", history.last_received)):
                print("--", direction)
                print(etree.tostring(entry["envelope"], pretty_print=True, encoding="unicode").rstrip())

    day = datetime.datetime.now(datetime.timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    start = day + datetime.timedelta(days=days, hours=10)
    end = start + datetime.timedelta(hours=1)

    endpoints = list(service.listEndpoints())
    show()
    print("listEndpoints", endpoints)
    check(source in endpoints and destination in endpoints, "%s and %s should be listed" % (source, destination))

    booking = dict(requestId=request_id, source=source, destination=destination, bandwidthMbps=mbps,
                   start=start, end=end, description="zeep client test", holdOnly=False)
    created = service.createReservation(**booking)
    show()
    print("createReservation", created.requestId, created.state, created.start.isoformat(), created.end.isoformat(),
          [(s.role, s.state, s.sourceVlan, s.destinationVlan) for s in created.segments])
    check(created.state == "RESERVED", "createReservation answered %s: %s" % (created.state, created.reason))
    check(created.start == start and created.end == end, "the window came back as %s - %s" % (created.start, created.end))
    check(sorted(s.role for s in created.segments) == ["LOCAL_CAMPUS", "REMOTE_CAMPUS", "WAN"],
          "segments %s" % [s.role for s in created.segments])

    again = service.createReservation(**booking)
    print("createReservation again", again.requestId, again.state, again.createdAt.isoformat())
    check(again.state == "RESERVED" and again.createdAt == created.createdAt,
          "the same requestId again must answer the same reservation")

    got = service.getReservation(request_id)
    show()
    print("getReservation", got.requestId, got.state, got.source, got.destination, got.bandwidthMbps)
    check(got.state == "RESERVED" and got.source == source and got.destination == destination
          and got.bandwidthMbps == mbps, "getReservation answered %s" % got)

    # "from" is a Python keyword, so the window goes by position.
    listed = service.listReservations("RESERVED", start, end)
    show()
    ids = [r.requestId for r in listed]
    print("listReservations RESERVED", ids)
    check(request_id in ids, "%s not listed among %s" % (request_id, ids))

    cancelled = service.cancelReservation(request_id, "zeep client test done")
    show()
    print("cancelReservation", cancelled.state, cancelled.reason)
    check(cancelled.state == "CANCELLED", "cancelReservation answered %s: %s" % (cancelled.state, cancelled.reason))
    check(service.getReservation(request_id).state == "CANCELLED", "getReservation after the cancel")
    check(request_id not in [r.requestId for r in service.listReservations("RESERVED", start, end)],
          "still listed as RESERVED after the cancel")

    steps = [(h.fromState or "", h.toState) for h in service.getHistory(request_id)]
    show()
    print("getHistory", " ".join("%s>%s" % step for step in steps))
    check(steps[0] == ("", "REQUESTED") and steps[-1][1] == "CANCELLED" and ("HELD", "RESERVED") in steps,
          "history %s" % steps)

    try:
        service.createReservation(**dict(booking, requestId=request_id + "-bad", bandwidthMbps=0))
        check(False, "a zero bandwidth was accepted")
    except zeep.exceptions.Fault as fault:
        show()
        print("fault", fault.message)
        check(str(fault.message).startswith("bandwidthMbps: "), "the fault should name bandwidthMbps: %s" % fault.message)
    print("ok")


if __name__ == "__main__":
    main()
