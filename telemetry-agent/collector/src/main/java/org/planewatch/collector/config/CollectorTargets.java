package org.planewatch.collector.config;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.console.ingest.TargetsFile;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * The targets file every collector of a group reads (the console's format, {@link TargetsFile}).
 * Only target names travel through Kafka; addresses, TLS files and credentials stay in this file on
 * the collectors' hosts (ADR 0099).
 */
public final class CollectorTargets {
    private final Path file;
    private final Map<String, TargetConfig> byName;

    private CollectorTargets(Path file, Map<String, TargetConfig> byName) {
        this.file = file;
        this.byName = byName;
    }

    public static CollectorTargets read(Path file) {
        List<TargetConfig> targets;
        try {
            targets = TargetsFile.read(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": targets file not found");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read the targets file ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        Map<String, TargetConfig> byName = new LinkedHashMap<>();
        for (TargetConfig target : targets) {
            byName.put(target.name(), target);
        }
        return new CollectorTargets(file, byName);
    }

    public static CollectorTargets of(Path file, List<TargetConfig> targets) {
        Map<String, TargetConfig> byName = new LinkedHashMap<>();
        targets.forEach(t -> byName.put(t.name(), t));
        return new CollectorTargets(file, byName);
    }

    public Path file() {
        return file;
    }

    public Optional<TargetConfig> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every target in file order. */
    public List<TargetConfig> all() {
        return List.copyOf(byName.values());
    }

    public int size() {
        return byName.size();
    }
}
