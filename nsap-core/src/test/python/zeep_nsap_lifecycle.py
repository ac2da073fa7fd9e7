"""Drives an L-NSAP or NSAP through the life of a booking with zeep, a SOAP client that no
one in this project wrote, reading only the served WSDL: check, hold, commit, activate,
status, deactivate. Prints one line per step; exits non-zero on any surprise.

Usage: zeep_nsap_lifecycle.py WSDL_URL SOURCE DESTINATION MBPS BOOKING_ID
"""
import datetime
import sys

import zeep


def main():
    wsdl, source, destination, mbps, booking = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    client = zeep.Client(wsdl)
    service = client.service
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    request = {
        "bookingId": booking,
        "source": source,
        "destination": destination,
        "bandwidthMbps": mbps,
        # Within the service's clock-skew tolerance (30 s) of its start, so it may be activated at once.
        "start": now + datetime.timedelta(seconds=5),
        "end": now + datetime.timedelta(hours=1),
        "sourceVlan": 0,
        "destinationVlan": 0,
    }
    print("endpoints", list(service.listEndpoints()))
    check = service.check(request)
    print("check", check.fits, check.reason)
    assert check.fits, check.reason
    held = service.hold(request, 120)
    print("hold", held.state, held.sourceVlan, held.destinationVlan, held.plan)
    assert held.state == "HELD"
    again = service.hold(request, 120)
    assert again.circuitId == held.circuitId, "repeating hold must answer the same booking"
    committed = service.commit(booking)
    print("commit", committed.state)
    assert committed.state == "COMMITTED"
    active = service.activate(booking)
    print("activate", active.state, list(active.routers or []))
    assert active.state == "ACTIVE", active.lastChange
    status = service.status(booking)
    print("status", status.state)
    assert status.state == "ACTIVE"
    released = service.deactivate(booking)
    print("deactivate", released.state)
    assert released.state == "RELEASED"
    try:
        bad = dict(request, bookingId=booking + "-bad", bandwidthMbps=0)
        service.hold(bad, 120)
        raise AssertionError("a zero bandwidth was accepted")
    except zeep.exceptions.Fault as fault:
        print("fault", fault.message)
        assert str(fault.message).startswith("bandwidthMbps: "), fault.message


if __name__ == "__main__":
    main()
