/** The segment store over JDBC, on HSQLDB or PostgreSQL (schema/nsap). */
package org.crs.nsap.store;
