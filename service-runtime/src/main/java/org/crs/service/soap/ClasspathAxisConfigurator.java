package org.crs.service.soap;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.deployment.DeploymentEngine;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.engine.AxisConfigurator;

/**
 * Builds an Axis2 configuration from an axis2.xml on the class path, with no repository, no
 * deployers and no module scan: services are added programmatically afterwards.
 */
final class ClasspathAxisConfigurator extends DeploymentEngine implements AxisConfigurator {

    static final String SERVER_CONFIG = "org/crs/service/soap/axis2.xml";
    static final String CLIENT_CONFIG = "org/crs/service/soap/axis2-client.xml";

    private final URL axis2xml;

    private ClasspathAxisConfigurator(URL axis2xml) {
        this.axis2xml = axis2xml;
    }

    /** A fully initialised context (transport senders initialised) from the named resource. */
    static ConfigurationContext createContext(String resource) throws AxisFault {
        URL url = ClasspathAxisConfigurator.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new AxisFault("Axis2 configuration not on the class path: " + resource);
        }
        return ConfigurationContextFactory.createConfigurationContext(new ClasspathAxisConfigurator(url));
    }

    @Override
    public AxisConfiguration getAxisConfiguration() throws AxisFault {
        try (InputStream in = axis2xml.openStream()) {
            axisConfig = populateAxisConfiguration(in);
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
        // builds the global in/out/fault phase lists from the <phaseOrder> elements; without it
        // the Dispatch phase never runs and every request fails with a NullPointerException
        axisConfig.validateSystemPredefinedPhases();
        axisConfig.setConfigurator(this);
        return axisConfig;
    }

    @Override
    public void loadServices() {
        // services are deployed by SoapServer, never from a repository
    }

    @Override
    public void engageGlobalModules() throws AxisFault {
        engageModules();
    }
}
