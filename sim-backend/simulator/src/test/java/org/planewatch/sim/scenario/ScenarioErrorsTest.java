package org.planewatch.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each class of bad scenario file gives its documented one-line message at the right line. */
class ScenarioErrorsTest {

    /** The example fabric, so line numbers below count from line 1 = name. */
    private static final String HEAD = """
            name: link-failure
            seed: 7
            fabric: {planes: 8, hostsPerT0: 16, t1PerPlane: 16, t0PerPlane: 4}
            transport: {mode: mrc}
            workload: {type: permutation, messageBytes: 2097152}
            faults:
            """;

    private static String error(String yaml) {
        return assertThrows(
                        ScenarioException.class, () -> ScenarioLoader.parse(yaml, "link-failure.yaml", Path.of(".")))
                .getMessage();
    }

    @Test
    void unknownLinkNamesTheFileLineKeyAndPlaneRange() {
        assertEquals(
                "link-failure.yaml:7: faults[0].link: unknown link 'p9-t0-1~p9-t1-5' (fabric has planes 0..7)",
                error(HEAD + "  - {atUs: 50, link: \"p9-t0-1~p9-t1-5\", action: down}\n"));
    }

    @Test
    void exceptionCarriesFileLineAndKeyPathSeparately() {
        ScenarioException e = assertThrows(
                ScenarioException.class,
                () -> ScenarioLoader.parse(
                        HEAD + "  - {atUs: 50, link: \"p2-t0-1~p2-t1-5\", action: down}\n"
                                + "  - {atUs: 60, switch: p2-t0-4, action: reboot, downUs: 10}\n",
                        "f.yaml",
                        Path.of(".")));

        assertEquals("f.yaml", e.file());
        assertEquals(8, e.line());
        assertEquals("faults[1].switch", e.keyPath());
        assertEquals("unknown switch 'p2-t0-4' (fabric has T0 switches 0..3 per plane)", e.problem());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            unknown link, host out of range | - {atUs: 5, link: host-64~p0-t0-3, action: down} \
              | link-failure.yaml:7: faults[0].link: unknown link 'host-64~p0-t0-3' (fabric has hosts 0..63)
            link joining planes | - {atUs: 5, link: p1-t0-0~p2-t1-0, action: down} \
              | link-failure.yaml:7: faults[0].link: no link 'p1-t0-0~p2-t1-0' (planes share no links)
            host on another T0 | - {atUs: 5, link: host-17~p2-t0-3, action: down} \
              | link-failure.yaml:7: faults[0].link: no link 'host-17~p2-t0-3' (host-17 is attached to T0 1 of every plane, e.g. p2-t0-1)
            malformed link | - {atUs: 5, link: p2-t0-1-p2-t1-5, action: down} \
              | link-failure.yaml:7: faults[0].link: malformed link name 'p2-t0-1-p2-t1-5' (expected <a>~<b>, e.g. host-17~p2-t0-1 or p2-t0-3~p2-t1-5)
            unknown switch | - {atUs: 5, switch: p0-t1-16, action: reboot, downUs: 10} \
              | link-failure.yaml:7: faults[0].switch: unknown switch 'p0-t1-16' (fabric has T1 switches 0..15 per plane)
            host as switch | - {atUs: 5, switch: host-3, action: reboot, downUs: 10} \
              | link-failure.yaml:7: faults[0].switch: 'host-3' is a host, not a switch
            plane out of range | - {atUs: 5, plane: 8, action: down} \
              | link-failure.yaml:7: faults[0].plane: plane 8 out of range (fabric has planes 0..7)
            negative time | - {atUs: -5, plane: 1, action: down} \
              | link-failure.yaml:7: faults[0].atUs: must be >= 0, got -5
            missing time | - {plane: 1, action: down} \
              | link-failure.yaml:7: faults[0].atUs: missing required key
            missing target | - {atUs: 5, action: down} \
              | link-failure.yaml:7: faults[0]: a fault needs one of link, switch or plane
            two targets | - {atUs: 5, plane: 1, link: host-0~p1-t0-0, action: down} \
              | link-failure.yaml:7: faults[0].plane: a fault has one target, not both link and plane
            unknown action | - {atUs: 5, plane: 1, action: reboot} \
              | link-failure.yaml:7: faults[0].action: unknown action 'reboot' for a plane (expected down or up)
            parameter of another kind | - {atUs: 5, plane: 1, action: down, downUs: 3} \
              | link-failure.yaml:7: faults[0].downUs: 'downUs' does not apply to a plane down fault (its keys: action, atUs, plane)
            flap missing count | - {atUs: 5, link: p0-t0-0~p0-t1-0, action: flap, periodUs: 10, downUs: 2} \
              | link-failure.yaml:7: faults[0].count: missing required key
            probability out of range | - {atUs: 5, link: p0-t0-0~p0-t1-0, action: gray, dropProbability: 1.5} \
              | link-failure.yaml:7: faults[0].dropProbability: must be in [0, 1], got 1.5
            bad type in fault | - {atUs: soon, plane: 1, action: down} \
              | link-failure.yaml:7: faults[0].atUs: expected a number, got 'soon'
            fault after the end | - {atUs: 5000, plane: 1, action: down}\\ndurationUs: 2000 \
              | link-failure.yaml:7: faults[0].atUs: fault at 5000 us is after the end of the run (durationUs 2000)
            """)
    void faultErrors(String what, String faultLine, String expected) {
        assertEquals(expected, error(HEAD + "  " + faultLine.replace("\\n", "\n") + "\n"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            unknown top-level key | name: x\\nworkload: {type: permutation}\\nduration: 5 \
              | bad.yaml:3: duration: unknown key 'duration' (did you mean 'durationUs'?)
            unknown fabric key | name: x\\nfabric:\\n  planes: 2\\n  linkGbs: 100\\nworkload: {type: permutation} \
              | bad.yaml:4: fabric.linkGbs: unknown key 'linkGbs' (did you mean 'linkGbps'?)
            unknown key far from any | name: x\\nworkload: {type: permutation, zzz: 1} \
              | bad.yaml:2: workload.zzz: unknown key 'zzz' (expected one of: type, messageBytes, repeat, senders, receiver, computeGapNs, collective, hosts, flows, ringStride, connectionMatrix)
            bad integer | name: x\\nseed: seven\\nworkload: {type: permutation} \
              | bad.yaml:2: seed: expected an integer, got 'seven'
            quoted number | name: x\\nfabric: {planes: "8"}\\nworkload: {type: permutation} \
              | bad.yaml:2: fabric.planes: expected an integer, got the string '8'
            fraction for integer | name: x\\nfabric: {planes: 2.5}\\nworkload: {type: permutation} \
              | bad.yaml:2: fabric.planes: expected an integer, got '2.5'
            bad boolean | name: x\\nfabric: {trimming: maybe}\\nworkload: {type: permutation} \
              | bad.yaml:2: fabric.trimming: expected true or false, got 'maybe'
            list where a mapping belongs | name: x\\nfabric: [1, 2]\\nworkload: {type: permutation} \
              | bad.yaml:2: fabric: expected a mapping of keys, got a list
            record validation | name: x\\nfabric:\\n  planes: 0\\nworkload: {type: permutation} \
              | bad.yaml:3: fabric.planes: must be > 0, got 0
            record cross-field validation | name: x\\nfabric:\\n  ecnKminBytes: 300000\\nworkload: {type: permutation} \
              | bad.yaml:3: fabric.ecnKminBytes: ecnKmaxBytes (209715) must be >= ecnKminBytes (300000)
            trimming with the ECMP baseline | name: x\\ntransport: {mode: ecmp}\\nfabric:\\n  trimming: true\\nworkload: {type: permutation} \
              | bad.yaml:4: fabric.trimming: the ECMP baseline drops at the tail; trimming applies to mrc and uec
            fabric too large | name: x\\nfabric:\\n  hostsPerT0: 100000\\n  t0PerPlane: 100000\\nworkload: {type: permutation} \
              | bad.yaml:3: fabric.hostsPerT0: fabric too large: planes 8 x (hostsPerT0 x t0PerPlane = 10,000,000,000 hosts + t0PerPlane x t1PerPlane = 1,600,000 T0-T1 links) x 2 = 160,025,600,000 switch and NIC ports; the limit is 126,322,567 (per-port state is one array of 17 longs a port)
            unknown mode | name: x\\ntransport: {mode: roce}\\nworkload: {type: permutation} \
              | bad.yaml:2: transport.mode: unknown transport mode 'roce' (expected mrc, uec or ecmp)
            unknown workload type | name: x\\nworkload:\\n  type: broadcast \
              | bad.yaml:3: workload.type: unknown workload type 'broadcast' (expected permutation, incast, alltoall, allreduce, training or matrix)
            key of another workload type | name: x\\nworkload:\\n  type: permutation\\n  senders: 4 \
              | bad.yaml:4: workload.senders: 'senders' does not apply to permutation workloads (only to incast)
            incast receiver out of range | name: x\\nworkload:\\n  type: incast\\n  receiver: 900 \
              | bad.yaml:4: workload.receiver: host 900 is not among the 64 hosts taking part (0..63)
            incast receiver outside the hosts taking part | name: x\\nworkload: {type: incast, hosts: 8, receiver: 8} \
              | bad.yaml:2: workload.receiver: host 8 is not among the 8 hosts taking part (0..7)
            too many incast senders | name: x\\nworkload: {type: incast, hosts: 8, senders: 8} \
              | bad.yaml:2: workload.senders: 8 hosts take part, so at most 7 senders
            collective on one host | name: x\\nworkload: {type: allreduce, hosts: 1} \
              | bad.yaml:2: workload.hosts: allreduce needs at least 2 hosts, got 1
            ring stride not dividing the hosts | name: x\\nworkload: {type: allreduce, hosts: 8, ringStride: 3} \
              | bad.yaml:2: workload.ringStride: ringStride 3 must divide the 8 hosts taking part
            ring stride without a ring | name: x\\nworkload: {type: training, collective: alltoall, ringStride: 4} \
              | bad.yaml:2: workload.ringStride: ringStride applies to a ring all-reduce (training with collective allreduce)
            ring stride of a permutation | name: x\\nworkload: {type: permutation, ringStride: 4} \
              | bad.yaml:2: workload.ringStride: 'ringStride' does not apply to permutation workloads (only to allreduce, training)
            more hosts than the fabric | name: x\\nworkload: {type: permutation, hosts: 65} \
              | bad.yaml:2: workload.hosts: fabric has only 64 hosts
            matrix without flows | name: x\\nworkload:\\n  type: matrix \
              | bad.yaml:3: workload: a matrix workload needs flows or connectionMatrix
            inline flow host out of range | name: x\\nworkload:\\n  type: matrix\\n  flows:\\n    - {src: 0, dst: 64, bytes: 10} \
              | bad.yaml:5: workload.flows[0].dst: host 64 out of range (fabric has hosts 0..63)
            missing name | seed: 1\\nworkload: {type: permutation} \
              | bad.yaml:1: name: missing required key
            missing workload | name: x \
              | bad.yaml:1: workload: missing required key
            missing workload type | name: x\\nworkload: {messageBytes: 10} \
              | bad.yaml:2: workload.type: missing required key
            negative duration | name: x\\nworkload: {type: permutation}\\ndurationUs: -1 \
              | bad.yaml:3: durationUs: must be >= 0, got -1
            duplicate key | name: x\\nseed: 1\\nseed: 2\\nworkload: {type: permutation} \
              | bad.yaml:3: seed: duplicate key
            malformed YAML | name: x\\nfabric: {planes: 2\\nworkload: {type: permutation} \
              | bad.yaml:3: malformed YAML: expected ',' or '}', but got : (while parsing a flow mapping)
            bad indentation | name: x\\nworkload:\\n  type: permutation\\n repeat: 2 \
              | bad.yaml:4: malformed YAML: expected <block end>, but found '<block mapping start>' (while parsing a block mapping)
            empty file | `` \
              | bad.yaml:1: empty scenario (needs at least name and workload)
            """)
    void fileErrors(String what, String yaml, String expected) {
        String text = yaml == null ? "" : yaml.replace("\\n", "\n") + "\n";
        assertEquals(
                expected,
                assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, "bad.yaml", Path.of(".")))
                        .getMessage());
    }
}
