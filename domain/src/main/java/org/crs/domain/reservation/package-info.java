/**
 * A reservation's states and the moves between them (one table of allowed moves), its
 * history entries, and the site:host endpoints it joins.
 */
package org.crs.domain.reservation;
