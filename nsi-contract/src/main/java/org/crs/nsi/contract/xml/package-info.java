/**
 * NSI CS 2.0 messages in and out of SOAP 1.1 envelopes: {@link org.crs.nsi.contract.xml.NsiXml}
 * writes one {@code nsiHeader} block and the body with every child unqualified, and reads
 * strictly where it matters (a typed {@link org.crs.nsi.contract.xml.NsiPayloadException} naming
 * the element) and leniently where peers deviate (docs/architecture.md, nsi-contract);
 * {@link org.crs.nsi.contract.xml.NsiSchemas} validates against the published XSDs. Parsing is
 * the JDK's DOM without DTDs or external entities; writing is the JDK's StAX.
 */
package org.crs.nsi.contract.xml;
