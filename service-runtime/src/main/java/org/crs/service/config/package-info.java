/**
 * The YAML reading every configuration file shares: strict keys with their places and lines,
 * durations, names, listen and database sections, and ${NAME} environment references.
 */
package org.crs.service.config;
