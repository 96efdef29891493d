package org.planewatch.console.session;

import java.util.List;
import org.planewatch.console.telemetry.TargetConfig;

/** What the "Add agent" dialog and the targets view may do with connections. */
public interface TargetControl {
    /** @throws IllegalArgumentException when the name is taken or the TLS files are unusable */
    void add(TargetConfig target);

    void remove(String name);

    List<TargetConfig> targets();
}
