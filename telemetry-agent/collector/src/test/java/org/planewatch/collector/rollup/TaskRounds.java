package org.planewatch.collector.rollup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;

/**
 * The rollups without Kafka: per-device tasks, the roles topic they read back and the by-plane stage,
 * a publication a second at a time, the links written kept as a reader of the links topic sees them.
 */
final class TaskRounds {
    private final long nowMillis;
    final MapFleetRoles roles = new MapFleetRoles();
    private final PlaneBook book;
    /** The links topic's last value per link, as {@link WholeModel#describe}. */
    final Map<String, String> links = new TreeMap<>();
    /** The links topic's last state per link, as {@link WholeModel#describeState}. */
    final Map<String, String> states = new TreeMap<>();
    /** The planes topic's last EVs per plane, as {@link WholeModel#describeEvs}. */
    final Map<Integer, String> evs = new TreeMap<>();

    TaskRounds(long nowMillis) {
        this.nowMillis = nowMillis;
        this.book = new PlaneBook(AlarmThresholds.defaults(), () -> nowMillis);
    }

    DevicePartials task(String id) {
        return new DevicePartials(id, () -> nowMillis, roles);
    }

    /** {@code rounds} publications of {@code tasks}: changes into the stage, roles going round between them. */
    void run(List<DevicePartials> tasks, int rounds) {
        for (int round = 0; round < rounds; round++) {
            List<FleetRole> told = new ArrayList<>();
            for (DevicePartials task : tasks) {
                task.changes().forEach(book::take);
                told.addAll(task.roles());
            }
            told.forEach(roles::learn);
            for (RollupOutput out : book.tick()) {
                if (out.kind() == RollupOutput.Kind.LINKS) {
                    if (out.value() instanceof LinkRollup link) {
                        links.put(link.link(), WholeModel.describe(link.kind(), link.plane()));
                        states.put(link.link(), WholeModel.describeState(link.state(), link.capacityBps()));
                    } else {
                        links.remove(out.key());
                        states.remove(out.key());
                    }
                } else if (out.kind() == RollupOutput.Kind.PLANES && out.value() instanceof PlaneRollup plane) {
                    evs.put(plane.plane(), WholeModel.describeEvs(plane.evsGood(), plane.evsOutOfService()));
                }
            }
        }
    }
}
