package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.gnmi.ProtoCodec;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SimScenarios;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LldpLeaves;

/**
 * The simulated agent publishes every port's LLDP neighbor from the wiring, under the names the
 * scenario chose: read over real gNMI on loopback, the neighbors of all devices are the fabric's links,
 * each seen from both ends.
 */
@Timeout(60)
class SimulatedLldpTest {

    /** A port of a device: {@code leaf-p0-01/eth2}. */
    private record End(String device, String port) {}

    @Test
    void everyPortAnnouncesTheDeviceAndPortAtTheFarEndOfItsLink() throws Exception {
        try (EmbeddedSimAgent agent = EmbeddedSimAgent.start(SimScenarios.smallNamed(), SimOptions.defaults(), false);
                GnmiClient client = new GnmiClient(agent.port())) {
            List<Notification> notifications = client.blocking()
                    .get(GetRequest.newBuilder()
                            .setPrefix(target("*"))
                            .setEncoding(Encoding.PROTO)
                            .addPath(path("/lldp/interfaces"))
                            .build())
                    .getNotificationList();
            Map<End, Map<String, String>> neighbors =
                    new TreeMap<>(java.util.Comparator.comparing(End::device).thenComparing(End::port));
            for (Notification n : notifications) {
                for (Update u : n.getUpdateList()) {
                    TelemetryPath leaf = ProtoCodec.join(n.getPrefix(), u.getPath());
                    End end = new End(
                            n.getPrefix().getTarget(),
                            leaf.elem(LldpLeaves.INTERFACE_ELEM).key(org.planewatch.telemetry.schema.PathNames.NAME));
                    neighbors
                            .computeIfAbsent(end, e -> new HashMap<>())
                            .put(leaf.last().name(), u.getVal().getStringVal());
                }
            }
            // 8 hosts x 2 planes, 4 T0 x (4 hosts + 2 T1), 4 T1 x 2 T0
            assertEquals(16 + 24 + 8, neighbors.size(), neighbors.keySet().toString());
            Map<String, String> host = neighbors.get(new End("gpu-r02-n03", "eth1"));
            assertEquals("leaf-p1-02", host.get(LldpLeaves.SYSTEM_NAME));
            assertEquals("eth2", host.get(LldpLeaves.PORT_ID));
            assertEquals("INTERFACE_NAME", host.get(LldpLeaves.PORT_ID_TYPE));
            assertEquals("MAC_ADDRESS", host.get(LldpLeaves.CHASSIS_ID_TYPE));
            Map<String, String> uplink = neighbors.get(new End("leaf-p0-01", "eth5"));
            assertEquals("spine-p0-02", uplink.get(LldpLeaves.SYSTEM_NAME));
            assertEquals("eth0", uplink.get(LldpLeaves.PORT_ID));
            neighbors.forEach((end, n) -> {
                End far = new End(n.get(LldpLeaves.SYSTEM_NAME), n.get(LldpLeaves.PORT_ID));
                Map<String, String> back = neighbors.get(far);
                assertTrue(back != null, end + " names " + far + ", which announces nothing");
                assertEquals(end.device(), back.get(LldpLeaves.SYSTEM_NAME), far + " faces " + end);
                assertEquals(end.port(), back.get(LldpLeaves.PORT_ID), far + " faces " + end);
            });
        }
    }
}
