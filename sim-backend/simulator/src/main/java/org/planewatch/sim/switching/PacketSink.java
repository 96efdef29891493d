package org.planewatch.sim.switching;

/** The host side of the network: receives packets that reach a host and hears of data transmissions. */
public interface PacketSink {
    /** {@code packet} reached {@code host} on NIC port {@code plane}; the sink owns it now. */
    void deliver(int host, int plane, int packet);

    /** A host NIC port started to transmit data packet {@code packet} (its loss timer starts now). */
    void transmitted(int packet);
}
