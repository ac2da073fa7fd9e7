/**
 * NSI CS 2.0 connections as this BAR provides them (docs/nsi.md): a connection and the BAR
 * reservation it maps to, its criteria, the three state machines as one pure transition
 * function ({@link org.crs.bar.nsi.NsiTransitions}), the kinds of callback it owes its
 * requester, and the retry policy of the callback outbox. Pure: no I/O (an {@code URI} is a
 * value); the messages' XML is written by the nsi-contract module and kept here as text.
 */
package org.crs.bar.nsi;
