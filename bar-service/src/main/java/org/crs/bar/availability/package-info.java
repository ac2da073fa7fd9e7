/**
 * When a circuit could run: asks every part of a circuit for its free start times and
 * intersects them.
 */
package org.crs.bar.availability;
