package org.planewatch.agent.backend;

/** A subscription's explicit interest in leaves a back end publishes only when asked; closing withdraws it. */
@FunctionalInterface
public interface Interest extends AutoCloseable {

    /** Nothing was asked of the back end. */
    Interest NONE = () -> {};

    /** Withdraws the interest; never blocks (it may be called from a back end's own thread). */
    @Override
    void close();
}
