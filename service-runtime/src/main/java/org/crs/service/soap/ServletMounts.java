package org.crs.service.soap;

import static org.crs.service.soap.SoapServer.SERVICES_PATH;

import jakarta.servlet.Servlet;
import java.util.Collections;
import java.util.Map;

import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.transport.http.AxisServlet;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.crs.service.security.AuthenticationFilter;
import org.crs.service.security.Authenticator;

/**
 * What a {@link SoapServer}'s one Tomcat context serves, in the order a request meets it: the
 * request size limit on every path ({@link RequestSizeLimitFilter}), authentication on
 * {@code /services/*} when the server has access control ({@link AuthenticationFilter}), then
 * Axis2's servlet on {@code /services/*} ({@link CrsAxisServlet}, reusing the server's own Axis2
 * configuration context) and the plain servlets on their own paths.
 */
final class ServletMounts {

    private ServletMounts() {
    }

    /**
     * @param authenticator who may call the SOAP services; null for anyone
     * @param servlets plain servlets by URL pattern, none overlapping {@code /services/*}
     */
    static void mount(Context ctx, ConfigurationContext axisContext, long maxRequestBytes, Authenticator authenticator,
                      Map<String, Servlet> servlets) {
        // AxisServlet.init reuses a ConfigurationContext found in this attribute, so it must be
        // set before the servlet loads: a ServletContainerInitializer runs first.
        ctx.addServletContainerInitializer(
                (classes, servletContext) -> servletContext.setAttribute(AxisServlet.CONFIGURATION_CONTEXT, axisContext),
                Collections.emptySet());

        FilterDef limit = new FilterDef();
        limit.setFilterName("crs-request-size-limit");
        limit.setFilter(new RequestSizeLimitFilter(maxRequestBytes));
        limit.setFilterClass(RequestSizeLimitFilter.class.getName());
        limit.setAsyncSupported("true"); // a servlet streaming events answers asynchronously
        ctx.addFilterDef(limit);
        FilterMap limitMap = new FilterMap();
        limitMap.setFilterName(limit.getFilterName());
        limitMap.addURLPattern("/*");
        ctx.addFilterMap(limitMap);

        if (authenticator != null) {
            FilterDef authentication = new FilterDef();
            authentication.setFilterName("crs-authentication");
            authentication.setFilter(new AuthenticationFilter(authenticator));
            authentication.setFilterClass(AuthenticationFilter.class.getName());
            ctx.addFilterDef(authentication);
            FilterMap authenticationMap = new FilterMap();
            authenticationMap.setFilterName(authentication.getFilterName());
            authenticationMap.addURLPattern(SERVICES_PATH + "/*");
            ctx.addFilterMap(authenticationMap);
        }

        Wrapper axis = Tomcat.addServlet(ctx, "axis2", new CrsAxisServlet());
        axis.setLoadOnStartup(1);
        ctx.addServletMapping(SERVICES_PATH + "/*", "axis2");

        int n = 0;
        for (Map.Entry<String, Servlet> e : servlets.entrySet()) {
            String servletName = "servlet-" + (++n);
            Wrapper w = Tomcat.addServlet(ctx, servletName, e.getValue());
            w.setLoadOnStartup(1);
            w.setAsyncSupported(true);
            ctx.addServletMapping(e.getKey(), servletName);
        }
    }
}
