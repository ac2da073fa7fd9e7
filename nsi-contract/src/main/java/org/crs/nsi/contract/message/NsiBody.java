package org.crs.nsi.contract.message;

/** What a SOAP body holds: a message, or a fault. */
public sealed interface NsiBody permits NsiMessage, NsiFault {
}
