/**
 * The agent's benchmarks (not part of serving). They measure the machine, so they time with
 * {@code System.nanoTime} and sleep for real on purpose; the loops they measure take their time from
 * an injected clock (ADR 0092).
 */
package org.planewatch.agent.bench;
