package org.crs.service.soap;

import java.lang.reflect.InvocationTargetException;
import java.util.UUID;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.rpc.receivers.RPCMessageReceiver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Axis2's RPCMessageReceiver, except that an exception the service method throws without
 * declaring it (a bug, a database error, a driver error whose text may name a device or a
 * credential) reaches the client as "Internal error (incident ID)" instead of its own message;
 * the full exception is logged with the same incident id. Declared exceptions (typed faults such
 * as {@link ServiceFault}) and AxisFaults thrown on purpose pass unchanged, and so do faults for
 * requests Axis2 cannot read.
 */
final class CrsRpcMessageReceiver extends RPCMessageReceiver {

    private static final Logger log = LoggerFactory.getLogger(CrsRpcMessageReceiver.class);

    @Override
    public void invokeBusinessLogic(MessageContext in, MessageContext out) throws AxisFault {
        try {
            super.invokeBusinessLogic(in, out);
        } catch (AxisFault fault) {
            if (fault.getCause() instanceof InvocationTargetException ite && !(ite.getCause() instanceof AxisFault)) {
                String incident = UUID.randomUUID().toString().substring(0, 8);
                String service = in.getAxisService() == null ? "?" : in.getAxisService().getName();
                String operation = in.getAxisOperation() == null ? "?" : in.getAxisOperation().getName().getLocalPart();
                log.error("Undeclared exception from {}.{} (incident {})", service, operation, incident, ite.getCause());
                throw new AxisFault("Internal error (incident " + incident + ")");
            }
            throw fault;
        }
    }
}
