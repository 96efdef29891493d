package org.planewatch.collector.publish;

/**
 * What makes an exclusion decision the same decision: the device, its number in the agent's ring,
 * and the decision's own timestamp. The number alone is not enough: an agent that restarts numbers
 * its ring from 0 again (ADR 0086), so a number with another timestamp is another decision.
 */
public record DecisionId(String device, long seq, long timestampNs) {}
