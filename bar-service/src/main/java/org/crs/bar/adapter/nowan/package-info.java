/**
 * The WAN of a site that has none: a network whose campus reaches other networks only through
 * hand-off ports booked over NSI (the demo's domain-c), configured without {@code wan}.
 */
package org.crs.bar.adapter.nowan;
