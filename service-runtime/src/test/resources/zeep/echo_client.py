"""Independent SOAP client (zeep reads the WSDL) for ZeepClientTest. Prints one line per check."""
import datetime
import sys

import zeep
from zeep.exceptions import Fault

wsdl = sys.argv[1]
client = zeep.Client(wsdl)
for port in ("EchoHttpSoap11Endpoint", "EchoHttpSoap12Endpoint"):
    svc = client.bind("Echo", port)
    print(port, "echo", svc.echo(text="hi"))
    print(port, "split", svc.split(text="a b"), svc.split(text=" "))
    when = datetime.datetime(2031, 3, 4, 5, 6, 7, tzinfo=datetime.timezone.utc)
    bean = svc.echoBean(bean={"name": "n", "when": when, "tags": ["x", "y"], "count": 1})
    print(port, "bean", bean.name, bean.when.isoformat(), bean.tags, bean.count)
    try:
        svc.check(value="")
        print(port, "fault none")
    except Fault as fault:
        texts = {e.tag.rsplit("}", 1)[-1]: e.text for e in fault.detail.iter() if isinstance(e.tag, str)}
        print(port, "fault", fault.message, "|", texts.get("field"), "|", texts.get("reason"))
