package org.planewatch.agent.backend;

/**
 * Receives device changes on the back end's publishing thread. Implementations only enqueue:
 * blocking here delays every other subscriber.
 */
@FunctionalInterface
public interface ChangeListener {
    void changed(DeviceChange change);
}
