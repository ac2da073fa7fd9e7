"""Books a cross-site circuit at a BAR with zeep, sending only the elements the served WSDL
requires: createReservation without description and holdOnly, then modifyReservation with a new
end and no bandwidthMbps (0, keep it), then cancelReservation. zeep refuses to send a request
that leaves out an element the WSDL requires, so this passes only when those are optional.
Prints one line per step and "ok" at the end; exits non-zero on any surprise.

Credentials: CRS_USER and CRS_PASSWORD in the environment (HTTP Basic).
Usage: zeep_bar_required_only.py WSDL_URL REQUEST_ID DAYS_AHEAD
"""
import datetime
import os
import sys

import zeep
from requests import Session
from requests.auth import HTTPBasicAuth
from zeep.transports import Transport


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
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    wsdl, request_id, days = sys.argv[1], sys.argv[2], int(sys.argv[3])
    service = zeep.Client(wsdl, transport=signed_in()).service
    day = datetime.datetime.now(datetime.timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    start = day + datetime.timedelta(days=days, hours=10)
    end = start + datetime.timedelta(hours=1)

    created = service.createReservation(requestId=request_id, source="site-a:host-a1", destination="site-b:host-b1",
                                        bandwidthMbps=100, start=start, end=end)
    print("createReservation", created.state, created.holdOnly, repr(created.description))
    check(created.state == "RESERVED", "a reservation without holdOnly is booked for good")
    check(created.holdOnly is False, "holdOnly defaults to false")

    later = end + datetime.timedelta(minutes=30)
    modified = service.modifyReservation(requestId=request_id, end=later)
    print("modifyReservation", modified.state, modified.bandwidthMbps, modified.end.isoformat())
    check(modified.bandwidthMbps == 100, "a missing bandwidthMbps keeps the bandwidth")
    check(modified.end == later, "the end moved")

    cancelled = service.cancelReservation(requestId=request_id, reason="zeep required-only test")
    print("cancelReservation", cancelled.state)
    check(cancelled.state == "CANCELLED", "cancelled")
    print("ok")


if __name__ == "__main__":
    main()
