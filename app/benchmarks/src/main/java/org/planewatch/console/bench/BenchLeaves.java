package org.planewatch.console.bench;

import java.util.List;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;

/** The counters the console benches feed per host plane and per switch port: what the overview shows. */
final class BenchLeaves {

    static final List<String> PLANE_COUNTERS = List.of(
            PlaneLeaves.TX_PKTS,
            PlaneLeaves.RX_PKTS,
            PlaneLeaves.TX_OCTETS,
            PlaneLeaves.RX_OCTETS,
            PlaneLeaves.RETRANSMITS,
            PlaneLeaves.TRIM_NACKS_RCVD,
            PlaneLeaves.EVS_GOOD,
            PlaneLeaves.EVS_ASSUMED_BAD);

    static final List<String> PORT_COUNTERS = List.of(
            InterfaceLeaves.OUT_OCTETS,
            InterfaceLeaves.IN_OCTETS,
            InterfaceLeaves.OUT_PKTS,
            InterfaceLeaves.IN_PKTS,
            InterfaceLeaves.TRIM_PKTS,
            InterfaceLeaves.OUT_DISCARDS,
            InterfaceLeaves.DROPPED_TRIM_PKTS,
            InterfaceLeaves.CARRIER_TRANSITIONS);

    private BenchLeaves() {}
}
