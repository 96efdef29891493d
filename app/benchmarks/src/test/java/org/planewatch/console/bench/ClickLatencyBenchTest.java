package org.planewatch.console.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.InstantSource;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.viewmodel.MainViewModel;

/**
 * The click latency benchmark drives the view model as the console's window does: a plane click
 * on the UI thread returns before the plane is laid out, the layout is computed on the console's
 * layout thread and published on the UI thread. (It once laid planes out on its UI thread, which the
 * console never does, and measured that.)
 */
class ClickLatencyBenchTest {

    @Test
    @Timeout(30)
    void aPlaneClickIsLaidOutOffTheUiThreadAndPublishedOnIt() throws Exception {
        LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
        try (LiveSession session = new LiveSession(InstantSource.system())) {
            MainViewModel vm = ClickLatencyBench.viewModelAsTheConsoleHasIt(session, ui::add);
            vm.openPlane(3); // this thread stands for the UI thread

            assertNotEquals(3, vm.plane().layoutProperty().get().plane(), "not laid out on the UI thread");
            Runnable publish = ui.poll(20, TimeUnit.SECONDS);
            assertNotNull(publish, "the layout thread hands its layout to the UI thread");
            publish.run();
            assertEquals(3, vm.plane().layoutProperty().get().plane());
        }
    }
}
