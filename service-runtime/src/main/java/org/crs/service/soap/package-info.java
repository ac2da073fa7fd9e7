/**
 * SOAP transport of every CRS web service: {@link org.crs.service.soap.SoapServer} runs Axis2 2.0
 * inside an embedded Tomcat 11 and serves plain Java objects as SOAP 1.1/1.2 services with WSDL;
 * {@link org.crs.service.soap.ServiceFault} is the declared fault with {@code code} (a
 * {@link org.crs.domain.refusal.RefusalCode}), {@code field} and {@code reason}; {@link org.crs.service.soap.SoapClients} makes Axis2 clients.
 *
 * <p>Rules for a service class (the transport layer of a service module): public class, public
 * methods are operations (or only those of a contract interface), no overloading, no void
 * methods without {@code throws}, beans with getters/setters, {@link java.util.Calendar} for
 * {@code xs:dateTime} (never java.time at this boundary), arrays returned empty, never null.
 * The service class translates to and from the domain layer; it holds no business logic.
 */
package org.crs.service.soap;
