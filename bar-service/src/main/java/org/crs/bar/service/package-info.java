/**
 * The reservation service the port types call: validation, then negotiation with the segment
 * controllers, and the due work that brings circuits up and down on time.
 */
package org.crs.bar.service;
