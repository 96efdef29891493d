package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** What one connection may hold: targets covered by its streams, and initial states in flight. */
class ClientSessionTest {

    private static final Executor NOW = Runnable::run;

    @Test
    void streamsCountTheTargetsTheyCoverAgainstTheLimit() {
        ClientSession client = new ClientSession("peer");
        for (int i = 0; i < 10; i++) {
            assertTrue(client.tryOpenSubscription(1, 10), "stream of one device " + i);
        }
        assertFalse(client.tryOpenSubscription(1, 10), "the 11th device is over the limit of 10");
        client.closeSubscription(1);
        assertTrue(client.tryOpenSubscription(1, 10), "a closed stream gives its target back");
        assertEquals(10, client.targetsCovered());
    }

    @Test
    void atMostSyncsAtOnceInitialStatesRunTheOthersWaitTheirTurnInOrder() {
        ClientSession client = new ClientSession("peer");
        List<Integer> started = new ArrayList<>();
        int streams = ClientSession.SYNCS_AT_ONCE + 3;
        for (int i = 0; i < streams; i++) {
            int stream = i;
            client.whenSyncSlotFree(() -> started.add(stream), NOW);
        }
        assertEquals(ClientSession.SYNCS_AT_ONCE, started.size(), "the rest wait for a slot");
        client.syncDone(NOW);
        assertEquals(ClientSession.SYNCS_AT_ONCE + 1, started.size());
        assertEquals(ClientSession.SYNCS_AT_ONCE, started.getLast(), "the first waiting stream goes first");
        client.syncDone(NOW);
        client.syncDone(NOW);
        assertEquals(streams, started.size());
        for (int i = 0; i < streams; i++) {
            client.syncDone(NOW);
        }
        List<Integer> later = new ArrayList<>();
        for (int i = 0; i < ClientSession.SYNCS_AT_ONCE; i++) {
            client.whenSyncSlotFree(() -> later.add(1), NOW);
        }
        assertEquals(ClientSession.SYNCS_AT_ONCE, later.size(), "every slot came back");
    }

    @Test
    void connectionsShareTheAgentsBoundOnInitialStatesTakingTurnsInTheOrderTheyAsked() {
        SyncSlots agent = new SyncSlots(3);
        ClientSession a = new ClientSession("collector-a", agent);
        ClientSession b = new ClientSession("collector-b", agent);
        List<String> started = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String stream = "a" + i;
            a.whenSyncSlotFree(() -> started.add(stream), NOW);
            String other = "b" + i;
            b.whenSyncSlotFree(() -> started.add(other), NOW);
        }
        assertEquals(List.of("a0", "b0", "a1"), started, "three at once over both connections");
        assertEquals(3, agent.running());
        a.syncDone(NOW);
        assertEquals("b1", started.getLast(), "the agent's first waiting stream, whichever connection asked");
        b.syncDone(NOW);
        assertEquals("a2", started.getLast());
        for (int i = 0; i < 6; i++) { // the other six streams finish, three on each connection
            (i % 2 == 0 ? a : b).syncDone(NOW);
        }
        assertEquals(8, started.size(), "every stream got its turn");
        assertEquals(0, agent.running(), "every slot came back");
    }
}
