# twistd application file for OpenNSA as the CRS interop peer.
#
# Differs from the checkout's opennsa.tac in three ways, all without touching
# OpenNSA's code: the configuration file comes from OPENNSA_CONF, the log carries
# debug lines and every SOAP payload (the interop evidence), and the HTTP port is
# bound to 127.0.0.1 only (OpenNSA itself binds every interface).

import os

from twisted.application import internet, service as twistedservice
from twisted.python import log

from opennsa import config, logging, setup


class LoopbackOpenNSAService(setup.OpenNSAService):
    """OpenNSAService whose listening port accepts connections on 127.0.0.1 only."""

    def startService(self):
        factory, ctx_factory = self.setupServiceFactory()
        if self.vc[config.TLS]:
            internet.SSLServer(self.vc[config.PORT], factory, ctx_factory,
                               interface='127.0.0.1').setServiceParent(self)
        else:
            internet.TCPServer(self.vc[config.PORT], factory,
                               interface='127.0.0.1').setServiceParent(self)
        twistedservice.MultiService.startService(self)
        log.msg('OpenNSA service started (127.0.0.1:%s)' % self.vc[config.PORT])


application = twistedservice.Application('OpenNSA')
_cfg, _vc = config.Config.instance().read_config(os.environ['OPENNSA_CONF'])
LoopbackOpenNSAService(_vc).setServiceParent(application)
application.setComponent(
    log.ILogObserver,
    logging.DebugLogObserver(open(os.environ['OPENNSA_LOG'], 'a'), debug=True, payload=True).emit)
