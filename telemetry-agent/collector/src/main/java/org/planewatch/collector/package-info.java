/**
 * Collectors: each holds a share of the fabric's gNMI targets and publishes what they stream to
 * Apache Kafka (ADR 0099). Data flows {@code config} (targets file, settings) -&gt; {@code assign}
 * (which targets this collector holds) -&gt; {@code ingest} (gNMI subscriptions, exclusion decisions
 * assembled from ring leaves) -&gt; {@code publish} (what goes out, deduplicated) -&gt; {@code wire}
 * (gNMI protobuf encoding) and {@code kafka} (the adapter: consumer group, producers, topics);
 * {@code rollup} is the rollups' maths (ADR 0100), run by the Kafka Streams topology in {@code
 * kafka.rollup}; {@code metrics} serves Prometheus /metrics; {@code broker} runs an embedded broker; {@code node} assembles a collector and {@code cli} is the
 * command line.
 */
package org.planewatch.collector;
