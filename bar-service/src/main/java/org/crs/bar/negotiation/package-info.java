/**
 * All-or-nothing booking with the segment controllers: calls on every segment of a circuit in
 * parallel, hold (and holdAndCommit), commit, abort, late abort, two-phase change and release.
 * It talks to controllers only; the service records what came of it.
 */
package org.crs.bar.negotiation;
