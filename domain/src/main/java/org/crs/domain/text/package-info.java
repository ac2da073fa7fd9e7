/** Small pure helpers for text formats the project writes by hand. */
package org.crs.domain.text;
