#!/usr/bin/env python3
"""Checks a CRS BAR's NSI provider port with zeep, a SOAP client written by no one here.

Reads the provider WSDL the BAR serves (?wsdl, with the XSDs beside it), sends a reserve and a
querySummarySync as an NSI requester, and prints the answers:

    zeep-check.py WSDL_URL ADDRESS REQUESTER_NSA PROVIDER_NSA SOURCE_STP DEST_STP START END

ADDRESS is where to post (the WSDL names the BAR's own address, its TLS port unless nsi.url
says otherwise). The requester signs in with HTTP Basic: CRS_USER and CRS_PASSWORD in the
environment, an account nsi.requesters maps REQUESTER_NSA to. Prints "reserve <connectionId>",
"querySummarySync <connectionId> <reservationState> <provisionState> <lifecycleState>" and
"ok"; exits 1 on a fault.
"""
import os
import sys
import uuid

import requests
import zeep
import zeep.helpers
import zeep.xsd
from zeep.transports import Transport

HEADERS = "{http://schemas.ogf.org/nsi/2013/12/framework/headers}nsiHeader"
P2PS = "{http://schemas.ogf.org/nsi/2013/12/services/point2point}p2ps"
PROVIDER_PROTOCOL = "application/vnd.ogf.nsi.cs.v2.provider+soap"


def header(client, requester, provider):
    return client.get_element(HEADERS)(protocolVersion=PROVIDER_PROTOCOL,
                                       correlationId="urn:uuid:" + str(uuid.uuid4()),
                                       requesterNSA=requester, providerNSA=provider)


def main(wsdl, address, requester, provider, source, dest, start, end):
    session = requests.Session()
    session.auth = (os.environ["CRS_USER"], os.environ["CRS_PASSWORD"])
    client = zeep.Client(wsdl, transport=Transport(session=session))
    binding = next(iter(client.wsdl.bindings))
    service = client.create_service(binding, address)
    p2ps_element = client.get_element(P2PS)
    # the criteria take the service element as xs:any: zeep wants it wrapped with its element
    p2ps = zeep.xsd.AnyObject(p2ps_element, p2ps_element(capacity=100, directionality="Bidirectional",
                                                         sourceSTP=source, destSTP=dest))
    criteria_type = client.get_type("{http://schemas.ogf.org/nsi/2013/12/connection/types}ReservationRequestCriteriaType")
    schedule_type = client.get_type("{http://schemas.ogf.org/nsi/2013/12/connection/types}ScheduleType")
    criteria = criteria_type(schedule=schedule_type(startTime=start, endTime=end), _value_1=[p2ps], version=1)
    try:
        answer = service.reserve(description="zeep check", criteria=criteria,
                                 _soapheaders=[header(client, requester, provider)])
        connection_id = answer if isinstance(answer, str) else answer["body"]["connectionId"]
        print("reserve", connection_id)
        summary = service.querySummarySync(connectionId=[connection_id],
                                           _soapheaders=[header(client, requester, provider)])
        body = summary["body"] if "body" in summary else summary
        for r in body["reservation"]:
            states = r["connectionStates"]
            print("querySummarySync", r["connectionId"], states["reservationState"], states["provisionState"],
                  states["lifecycleState"])
    except zeep.exceptions.Fault as fault:
        print("fault", fault.message, zeep.helpers.serialize_object(fault.detail) if fault.detail is not None else "")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 9:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
