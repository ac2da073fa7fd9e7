package org.crs.service.soap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.HashSet;
import java.util.Iterator;
import java.lang.reflect.Method;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisMessage;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.WSDL2Constants;
import org.apache.axis2.description.java2wsdl.DefaultSchemaGenerator;
import org.apache.axis2.description.java2wsdl.Java2WSDLConstants;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.axis2.rpc.receivers.RPCInOnlyMessageReceiver;
import org.apache.axis2.wsdl.WSDLConstants;
/**
 * Deploys one port type into Axis2: generates its schema from the implementation class (all
 * types in the service's one namespace, elements qualified, methods outside the contract
 * excluded), refuses one-way operations, and gives each operation its method and the shape
 * its requests are checked against ({@link RequestShape}).
 */
final class ServiceDeployer {

    private ServiceDeployer() {
    }

    /** Deploys one port type into the Axis2 configuration. */
    static void deploy(ConfigurationContext cc, ServiceDef def) throws AxisFault {
        AxisConfiguration axisConfig = cc.getAxisConfiguration();
        AxisService service = new AxisService();
        service.setParent(axisConfig);
        service.setName(def.name());
        // The schema is generated from the implementation class, whose methods carry parameter
        // names in their debug information (an interface's abstract methods do not, and would
        // give args0, args1...); public methods outside the contract are excluded.
        Class<?> impl = def.serviceObject().getClass();
        ClassLoader loader = impl.getClassLoader();
        DefaultSchemaGenerator generator;
        try {
            generator = new DefaultSchemaGenerator(loader, impl.getName(), def.schemaNamespace(),
                    Java2WSDLConstants.SCHEMA_NAMESPACE_PRFIX, service);
        } catch (Exception e) {
            throw AxisFault.makeFault(e);
        }
        generator.setElementFormDefault(Java2WSDLConstants.FORM_DEFAULT_QUALIFIED);
        // all types of the service (beans, faults) into the one schema namespace
        Map<String, String> pkg2ns = new HashMap<>();
        pkg2ns.put("all", def.schemaNamespace());
        generator.setPkg2nsmap(pkg2ns);
        generator.setUseWSDLTypesNamespace(true);
        refuseOneWayOperations(impl, def.contract());
        List<String> excluded = new ArrayList<>();
        org.apache.axis2.deployment.util.Utils.addExcludeMethods(excluded);
        excluded.addAll(methodsOutsideContract(impl, def.contract()));
        generator.setExcludeMethods(excluded);

        Map<String, MessageReceiver> receivers = new HashMap<>();
        receivers.put(WSDL2Constants.MEP_URI_IN_OUT, new CrsRpcMessageReceiver());
        receivers.put(WSDL2Constants.MEP_URI_IN_ONLY, new RPCInOnlyMessageReceiver());
        receivers.put(WSDL2Constants.MEP_URI_ROBUST_IN_ONLY, new RPCInOnlyMessageReceiver());

        AxisService.createService(impl.getName(), def.name(), axisConfig, receivers,
                def.targetNamespace(), loader, generator, service);
        // createService resets this to false; the runtime (de)serialisation must match the
        // qualified schema generated above.
        service.setElementFormDefault(true);
        service.addParameter(Constants.SERVICE_OBJECT_SUPPLIER, InstanceServiceObjectSupplier.class.getName());
        service.addParameter(InstanceServiceObjectSupplier.SERVICE_INSTANCE_PARAMETER, def.serviceObject());
        // one service object for the application: Axis2 neither re-creates nor destroys it per request
        service.setScope(Constants.SCOPE_APPLICATION);
        describeRequests(service, impl);
        cc.deployService(service);
    }

    /**
     * Gives each in-out operation its Java method and the shape of its request
     * ({@link RequestShape}), which {@link CrsRpcMessageReceiver} checks requests against; building
     * the shape makes the parameters annotated {@link DefaultValue} optional in the schema, so the
     * served WSDL and the receiver agree.
     */
    private static void describeRequests(AxisService service, Class<?> impl) throws AxisFault {
        for (Iterator<AxisOperation> it = service.getOperations(); it.hasNext(); ) {
            AxisOperation op = it.next();
            if (!(op.getMessageReceiver() instanceof CrsRpcMessageReceiver)) {
                continue;
            }
            String name = op.getName().getLocalPart();
            Method method = null;
            for (Method m : impl.getMethods()) {
                if (m.getName().equals(name) && !m.isBridge()) {
                    method = m;
                    break;
                }
            }
            AxisMessage in = op.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
            if (method == null || in == null) {
                throw new AxisFault("No method or no input message for operation " + name + " of " + service.getName());
            }
            try {
                op.addParameter(CrsRpcMessageReceiver.METHOD_PARAMETER, method);
                op.addParameter(RequestShape.PARAMETER, RequestShape.of(method, in.getSchemaElement(), service));
            } catch (IllegalArgumentException e) {
                throw new AxisFault("Operation " + name + " of " + service.getName() + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Axis2 makes a method returning void and declaring no exception a one-way (in-only)
     * operation: the caller gets HTTP 202 and never hears of a failure. CRS operations are all
     * request/response, so such a method is refused at deployment.
     */
    private static void refuseOneWayOperations(Class<?> impl, Class<?> contract) {
        Set<String> outside = methodsOutsideContract(impl, contract);
        for (Method m : impl.getMethods()) {
            if (m.getDeclaringClass() != Object.class && !outside.contains(m.getName())
                    && m.getReturnType() == void.class && m.getExceptionTypes().length == 0
                    && !EXCLUDED_BY_AXIS2.contains(m.getName())) {
                throw new IllegalArgumentException("Operation " + impl.getSimpleName() + "." + m.getName()
                        + " returns void and declares no exception, which Axis2 makes one-way (no answer,"
                        + " no fault): return a result or declare throws ServiceFault");
            }
        }
    }

    private static final Set<String> EXCLUDED_BY_AXIS2 = excludedByAxis2();

    private static Set<String> excludedByAxis2() {
        List<String> names = new ArrayList<>();
        org.apache.axis2.deployment.util.Utils.addExcludeMethods(names);
        return Set.copyOf(names);
    }

    /** Names of the public methods of {@code impl} that {@code contract} does not declare. */
    static Set<String> methodsOutsideContract(Class<?> impl, Class<?> contract) {
        Set<String> inContract = new HashSet<>();
        for (Method m : contract.getMethods()) {
            if (m.getDeclaringClass() != Object.class) {
                inContract.add(m.getName());
            }
        }
        Set<String> outside = new TreeSet<>();
        for (Method m : impl.getMethods()) {
            if (m.getDeclaringClass() != Object.class && !inContract.contains(m.getName())) {
                outside.add(m.getName());
            }
        }
        return outside;
    }

    /** A port type to deploy: its name, namespaces, contract and service object. */
    record ServiceDef(String name, String targetNamespace, String schemaNamespace,
                              Class<?> contract, Object serviceObject) {
    }
}
