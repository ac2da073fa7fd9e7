/**
 * What every service shares to run: the settings of a running instance, its shell (database,
 * schedule, SOAP endpoint, closed in order), its configuration-file basics and its command line.
 */
package org.crs.service.server;
