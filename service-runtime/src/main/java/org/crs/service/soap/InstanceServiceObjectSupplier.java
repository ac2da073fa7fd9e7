package org.crs.service.soap;

import org.apache.axis2.AxisFault;
import org.apache.axis2.ServiceObjectSupplier;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;

/**
 * Hands Axis2 the very service object given to {@link SoapServer.Builder#service}: Axis2
 * instantiates this supplier by class name (so it must be public with a no-argument constructor),
 * and the supplier reads the object from a parameter of the AxisService.
 */
public final class InstanceServiceObjectSupplier implements ServiceObjectSupplier {

    /** Name of the AxisService parameter whose value is the service object. */
    public static final String SERVICE_INSTANCE_PARAMETER = "crs.serviceInstance";

    @Override
    public Object getServiceObject(AxisService axisService) throws AxisFault {
        Parameter p = axisService.getParameter(SERVICE_INSTANCE_PARAMETER);
        if (p == null || p.getValue() == null) {
            throw new AxisFault("No service object for " + axisService.getName());
        }
        return p.getValue();
    }
}
