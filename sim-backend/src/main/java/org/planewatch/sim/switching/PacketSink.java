package org.planewatch.sim.switching;

/** The host side of the network: receives packets that reach a host and hears of data transmissions. */
public interface PacketSink {
    /** Packet {@code p} reached {@code host} on NIC port {@code plane}; the sink owns it now. */
    void deliver(int host, int plane, int p);

    /** A host NIC port started to transmit data packet {@code p} (its loss timer starts now). */
    void transmitted(int p);
}
