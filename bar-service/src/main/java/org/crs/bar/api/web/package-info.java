/** The reservation browser's files (built by the reservation-browser module), served at the BAR's root URL. */
package org.crs.bar.api.web;
