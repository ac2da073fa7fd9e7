/**
 * Admission: whether a request for bandwidth over an interval fits on every resource of a
 * path ({@link org.crs.domain.admission.Admission}), and which VLAN a circuit may use on a
 * trunk ({@link org.crs.domain.admission.VlanAllocator}).
 */
package org.crs.domain.admission;
