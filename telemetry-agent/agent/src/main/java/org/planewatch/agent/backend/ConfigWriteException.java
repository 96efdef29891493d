package org.planewatch.agent.backend;

/** A gNMI Set on a writable leaf was refused by the back end; the message says why. */
public final class ConfigWriteException extends Exception {

    public ConfigWriteException(String message) {
        super(message);
    }
}
