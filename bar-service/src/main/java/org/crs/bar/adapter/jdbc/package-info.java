/**
 * The reservation store on HSQLDB or PostgreSQL.
 */
package org.crs.bar.adapter.jdbc;
