package org.planewatch.console.viewmodel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.planewatch.console.session.DrillDownControl;
import org.planewatch.console.session.TargetControl;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.state.Units;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.FaultControl;

/**
 * The console's state that views bind to. Pulls the newest snapshot once per frame ({@link
 * #onFrame}) and fans it out to the per-view models only when its version changed. Holds no nodes,
 * so it is tested without a stage.
 */
public final class MainViewModel {
    private final SnapshotSource source;
    private final Optional<TargetControl> targetControl;
    private final Optional<FaultControl> faultControl;
    private final String sourceLabel;

    private final ObjectProperty<ViewId> currentView = new SimpleObjectProperty<>(ViewId.OVERVIEW);
    private final ReadOnlyObjectWrapper<FabricSnapshot> snapshot = new ReadOnlyObjectWrapper<>(FabricSnapshot.empty());
    private final ReadOnlyObjectWrapper<Set<String>> highlightedLinks = new ReadOnlyObjectWrapper<>(Set.of());
    private final ReadOnlyStringWrapper statusText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper searchPrompt = new ReadOnlyStringWrapper(searchPrompt(FabricSnapshot.empty()));
    private final ReadOnlyStringWrapper freshnessText = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Freshness> worstFreshness = new ReadOnlyObjectWrapper<>(Freshness.CONNECTING);
    private final ReadOnlyStringWrapper alarmText = new ReadOnlyStringWrapper("No active alarms");
    private final ReadOnlyObjectWrapper<List<Alarm>> newlyRaised = new ReadOnlyObjectWrapper<>(List.of());
    private final ObservableList<TargetStatus> targets = FXCollections.observableArrayList();

    private final OverviewViewModel overview = new OverviewViewModel();
    private final PlaneViewModel plane = new PlaneViewModel();
    private final TrimsViewModel trims = new TrimsViewModel();
    private final ExclusionsViewModel exclusions = new ExclusionsViewModel();
    private final AlarmsViewModel alarms;
    private final DeviceViewModel devices = new DeviceViewModel();
    private long shownVersion = -1;
    private java.util.concurrent.Executor indexing = Runnable::run;
    private java.util.concurrent.Executor ui = Runnable::run;
    private SearchIndex searchIndex = SearchIndex.EMPTY;
    private long indexedFingerprint = SearchIndex.EMPTY.fingerprint();
    private final java.util.concurrent.atomic.AtomicReference<IndexRequest> toIndex =
            new java.util.concurrent.atomic.AtomicReference<>();
    private long indexRequests;
    private long indexPublished;

    public MainViewModel(
            SnapshotSource source,
            Optional<TargetControl> targetControl,
            Optional<FaultControl> faultControl,
            String sourceLabel) {
        this.source = source;
        this.targetControl = targetControl;
        this.faultControl = faultControl;
        this.sourceLabel = sourceLabel;
        this.alarms = new AlarmsViewModel(source);
        currentView.addListener((o, a, view) -> updateViews(snapshot.get()));
        if (targetControl.orElse(null) instanceof DrillDownControl drillDown) {
            devices.hostProperty().addListener((o, a, host) -> {
                if (host != null && !host.isBlank()) {
                    drillDown.watchEvs(host);
                }
            });
            // A source without every device's detail (a fleet) streams the one being looked at.
            devices.switchNameProperty().addListener((o, a, name) -> {
                if (name != null && !name.isBlank()) {
                    drillDown.watchDevice(name);
                }
            });
        }
        exclusions.selectedEventProperty().addListener((o, a, event) -> {
            if (event != null) {
                highlight(Set.copyOf(event.links()), event.plane());
            }
        });
        // The selected suspect is replaced by its newer numbers at every snapshot: only another element
        // moves the highlight (and the plane shown).
        exclusions.selectedSuspectProperty().addListener((o, before, suspect) -> {
            if (suspect != null && (before == null || !before.name().equals(suspect.name()))) {
                highlight(linksOf(suspect, snapshot.get()), suspect.plane());
            }
        });
    }

    /**
     * Lays planes out on {@code background}, publishing on {@code ui} (the window passes the FX
     * thread): at full scale a plane's layout costs more than a frame (ADR 0104). Tests that do not
     * call this get layouts at once, on the calling thread.
     */
    public void computeLayoutsOn(
            java.util.concurrent.Executor background,
            java.util.concurrent.Executor indexing,
            java.util.concurrent.Executor ui) {
        plane.computeOn(background, ui);
        this.indexing = indexing;
        this.ui = ui;
    }

    /** The one thread that lays planes out for every window of this console (ADR 0104). */
    private static final java.util.concurrent.Executor PLANE_LAYOUT =
            java.util.concurrent.Executors.newSingleThreadExecutor(
                    Thread.ofPlatform().daemon().name("plane-layout").factory());

    /** The one that indexes names for the search box when the topology changes. */
    private static final java.util.concurrent.Executor SEARCH_INDEXING =
            java.util.concurrent.Executors.newSingleThreadExecutor(
                    Thread.ofPlatform().daemon().name("search-index").factory());

    /**
     * What the console does for every window, publishing on {@code ui} (the FX thread there): plane
     * layouts and the search index on the console's own threads. Benchmarks that stand in for the FX
     * thread call this too, so that they measure what the console does.
     */
    public MainViewModel computeOffTheUiThread(java.util.concurrent.Executor ui) {
        computeLayoutsOn(PLANE_LAYOUT, SEARCH_INDEXING, ui);
        return this;
    }

    /**
     * The search index, rebuilt off the FX thread when the topology changes (ADR 0104). Coalesced to
     * the newest: a fleet's first read grows the topology twice a second and an index of a million
     * names takes seconds, so topologies that arrive while one waits are skipped, never queued each
     * with its snapshot. A build finished after a newer topology came still answers until the newer is
     * built: a fabric partly indexed beats none.
     */
    private void indexIfTopologyChanged(FabricSnapshot latest) {
        long fingerprint = SearchIndex.fingerprint(latest);
        if (fingerprint == indexedFingerprint || System.nanoTime() - indexRestsUntil < 0) {
            return;
        }
        indexedFingerprint = fingerprint;
        long sequence = ++indexRequests;
        if (toIndex.getAndSet(new IndexRequest(sequence, latest)) == null) {
            indexing.execute(this::indexNewest);
        }
    }

    private void indexNewest() {
        IndexRequest request = toIndex.getAndSet(null);
        if (request == null) {
            return;
        }
        long start = System.nanoTime();
        SearchIndex built = SearchIndex.of(request.snapshot());
        long took = System.nanoTime() - start;
        ui.execute(() -> {
            indexRestsUntil = System.nanoTime() + INDEX_PAUSES * took;
            if (request.sequence() > indexPublished) {
                indexPublished = request.sequence();
                searchIndex = built;
            }
        });
    }

    /**
     * After each build the index rests this many times as long as the build took before it starts
     * another, so that it takes at most a third of a core: while a fleet loads, the topology changes
     * at every snapshot, and an index of two million names built back to back took a whole core of
     * this machine's two from the reader and the plane view (the load took twice as long as without
     * a window, docs/benchmarks.md).
     */
    private static final long INDEX_PAUSES = 2;

    /** When the index may be built again, on {@link System#nanoTime} (the UI thread's). */
    private long indexRestsUntil = System.nanoTime();

    /** A topology to index, taken on the UI thread; {@code sequence} orders the builds' results. */
    private record IndexRequest(long sequence, FabricSnapshot snapshot) {}

    /** Whether the search index covers the newest topology (benchmarks and tests wait on it). */
    public boolean searchIndexReady() {
        return searchIndex.fingerprint() == indexedFingerprint;
    }

    /** What the search box offers for {@code typed}: the first {@code limit} names and how many match. */
    public SearchIndex.Matches searchMatches(String typed, int limit) {
        return searchIndex.query(typed, limit);
    }

    /** A link suspect's own link; a switch suspect's links, to see which paths it carries. */
    static Set<String> linksOf(Suspect suspect, FabricSnapshot current) {
        if (suspect.kind() == Suspect.Kind.LINK) {
            return Set.of(suspect.name());
        }
        Set<String> links = new HashSet<>();
        current.links().stream()
                .filter(l -> l.lowerEnd().equals(suspect.name()) || l.upperEnd().equals(suspect.name()))
                .forEach(l -> links.add(l.id()));
        return Set.copyOf(links);
    }

    private void highlight(Set<String> links, int onPlane) {
        highlightedLinks.set(links);
        plane.planeProperty().set(onPlane);
        plane.update(snapshot.get(), links);
    }

    /** Called once per frame on the UI thread; cheap when nothing changed. */
    public void onFrame() {
        FabricSnapshot latest = source.latest();
        // Before the version check: a topology that came while the index rested is taken up here.
        indexIfTopologyChanged(latest);
        if (latest.version() == shownVersion) {
            return;
        }
        shownVersion = latest.version();
        snapshot.set(latest);
        updateViews(latest);
        List<Alarm> raised = alarms.update(latest);
        if (!raised.isEmpty()) {
            newlyRaised.set(raised);
        }
        if (!targets.equals(latest.targets())) {
            targets.setAll(latest.targets());
        }
        updateStatus(latest);
        String prompt = searchPrompt(latest);
        if (!prompt.equals(searchPrompt.get())) {
            searchPrompt.set(prompt);
        }
    }

    /** The search box's prompt, with names this fabric uses (the first host, switch and plane learnt). */
    public ReadOnlyStringProperty searchPromptProperty() {
        return searchPrompt.getReadOnlyProperty();
    }

    static String searchPrompt(FabricSnapshot current) {
        List<String> examples = new ArrayList<>();
        current.hosts().stream().findFirst().ifPresent(h -> examples.add(h.name()));
        current.switches().stream().findFirst().ifPresent(s -> examples.add(s.name()));
        current.planes().stream().findFirst().ifPresent(p -> examples.add("plane " + p.plane()));
        return examples.isEmpty()
                ? "Search host, switch, link, plane  ( / )"
                : "Search, e.g. " + String.join(", ", examples) + "  ( / )";
    }

    /**
     * Views that are not on screen skip their per-snapshot work; the one that becomes visible catches up
     * at once. Alarms and the exclusion log always follow, because notifications and row selection
     * depend on them.
     */
    private void updateViews(FabricSnapshot latest) {
        ViewId view = currentView.get();
        if (view == ViewId.OVERVIEW) {
            overview.update(latest, source.thresholds());
        }
        if (view == ViewId.PLANE) {
            plane.update(latest, highlightedLinks.get());
        }
        if (view == ViewId.TRIMS) {
            trims.update(latest);
        }
        if (view == ViewId.HOST || view == ViewId.SWITCH) {
            devices.update(latest);
        }
        exclusions.update(latest);
        if (view != ViewId.PLANE) {
            plane.updatePlaneList(latest);
        }
    }

    private void updateStatus(FabricSnapshot latest) {
        Freshness worst = latest.targets().isEmpty() ? Freshness.CONNECTING : Freshness.LIVE;
        List<String> parts = new ArrayList<>();
        for (TargetStatus target : latest.targets()) {
            worst = worst.worse(target.freshness());
            String age = target.lastSeenMillis() == 0
                    ? "never seen"
                    : "seen " + Units.seconds(Math.max(0, latest.atMillis() - target.lastSeenMillis())) + " ago";
            parts.add(target.source() + " "
                    + (target.freshness() == Freshness.BEHIND
                            ? "streaming, " + Freshness.describeBehind(target.behindMillis())
                            : target.freshness() + " (" + age + ")"));
        }
        worstFreshness.set(worst);
        freshnessText.set(parts.isEmpty() ? "no targets" : String.join("   ", parts));
        statusText.set(sourceLabel + "   \u2022   " + ingestText(latest.ingest()) + "   \u2022   snapshot "
                + latest.version());
        long clearing = latest.activeAlarms().stream()
                .filter(a -> a.status() == Alarm.Status.CLEARING)
                .count();
        long active = latest.activeAlarms().size() - clearing;
        alarmText.set((active == 0 ? "No active alarms" : active + (active == 1 ? " active alarm" : " active alarms"))
                + (clearing == 0 ? "" : ", " + clearing + " clearing"));
    }

    /**
     * "1.2 M updates applied, 340 k coalesced (console behind)": what the console kept up with, and
     * what it had to fold into newer values or lose (ADR 0098).
     */
    static String ingestText(FabricSnapshot.IngestStats ingest) {
        return Units.count(ingest.appliedUpdates()) + " updates applied"
                + (ingest.coalescedUpdates() > 0
                        ? ", " + Units.count(ingest.coalescedUpdates()) + " coalesced (console behind)"
                        : "")
                + (ingest.droppedUpdates() > 0 ? ", " + Units.count(ingest.droppedUpdates()) + " DROPPED" : "")
                + (ingest.eventsLost() > 0 ? ", " + Units.count(ingest.eventsLost()) + " EVENTS LOST" : "");
    }

    /**
     * Opens what the operator typed: a host, a switch, a link ({@code a~b}), or a plane
     * ({@code plane 3}, {@code p3}). Returns a message when nothing matches.
     */
    public Optional<String> search(String query) {
        String text = query == null ? "" : query.strip();
        if (text.isEmpty()) {
            return Optional.of("Type a host, switch, link or plane");
        }
        FabricSnapshot current = snapshot.get();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.matches("(plane\\s*|p)\\d+")) {
            int number = Integer.parseInt(lower.replaceAll("\\D", ""));
            if (current.plane(number).isPresent()) {
                plane.planeProperty().set(number);
                currentView.set(ViewId.PLANE);
                return Optional.empty();
            }
            return Optional.of("No plane " + number + " in this fabric");
        }
        if (current.host(text).isPresent()) {
            openHost(text);
            return Optional.empty();
        }
        if (current.switchNamed(text).isPresent()) {
            openSwitch(text);
            return Optional.empty();
        }
        var link = current.link(text)
                .or(() -> current.links().stream()
                        .filter(l -> l.id().equals(String.join(
                                "~", List.of(text.split("~")).reversed())))
                        .findFirst());
        if (link.isPresent()) {
            highlight(Set.of(link.get().id()), link.get().plane());
            currentView.set(ViewId.PLANE);
            return Optional.empty();
        }
        return Optional.of("Nothing named '" + text + "' (" + searchHint(current) + ")");
    }

    /** Examples of what can be searched, taken from this fabric's own names (they mean nothing to the console). */
    static String searchHint(FabricSnapshot current) {
        List<String> examples = new ArrayList<>();
        current.hosts().stream().findFirst().ifPresent(h -> examples.add(h.name()));
        current.switches().stream().findFirst().ifPresent(s -> examples.add(s.name()));
        current.links().stream()
                .filter(l -> l.kind() == FabricSnapshot.LinkKind.T0_T1)
                .findFirst()
                .ifPresent(l -> examples.add(l.id()));
        current.planes().stream().findFirst().ifPresent(p -> examples.add("plane " + p.plane()));
        return examples.isEmpty()
                ? "type a host, switch, link (a~b) or plane"
                : "try " + String.join(", ", examples.subList(0, examples.size() - 1))
                        + (examples.size() > 1 ? " or " : "") + examples.getLast();
    }

    /** Names the search box offers as the operator types (the first 20). */
    public List<String> searchCandidates(String prefix) {
        return searchMatches(prefix, 20).shown();
    }

    public void openHost(String host) {
        devices.hostProperty().set(host);
        currentView.set(ViewId.HOST);
    }

    public void openSwitch(String name) {
        devices.switchNameProperty().set(name);
        snapshot.get().switchNamed(name).ifPresent(s -> plane.planeProperty().set(s.plane()));
        currentView.set(ViewId.SWITCH);
    }

    public void openPlane(int number) {
        plane.planeProperty().set(number);
        currentView.set(ViewId.PLANE);
    }

    public void clearHighlight() {
        highlightedLinks.set(Set.of());
        plane.update(snapshot.get(), Set.of());
    }

    public boolean faultInjectionAllowed() {
        return faultControl.isPresent();
    }

    /** Fault injection from the plane view's context menu; a failed future carries the agent's answer. */
    public CompletableFuture<Void> setLink(String link, boolean up) {
        return faultControl.map(f -> f.setLink(link, up)).orElseGet(MainViewModel::notAllowed);
    }

    public CompletableFuture<Void> rebootSwitch(String name) {
        return faultControl.map(f -> f.rebootSwitch(name, Duration.ofMillis(2))).orElseGet(MainViewModel::notAllowed);
    }

    public CompletableFuture<Void> setPlane(int number, boolean up) {
        return faultControl.map(f -> f.setPlane(number, up)).orElseGet(MainViewModel::notAllowed);
    }

    private static CompletableFuture<Void> notAllowed() {
        return CompletableFuture.failedFuture(new IllegalStateException("this source does not allow fault injection"));
    }

    public Optional<AddTargetForm> newAddTargetForm() {
        return targetControl.map(AddTargetForm::new);
    }

    public ObjectProperty<ViewId> currentViewProperty() {
        return currentView;
    }

    public ReadOnlyObjectProperty<FabricSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Set<String>> highlightedLinksProperty() {
        return highlightedLinks.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusTextProperty() {
        return statusText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty freshnessTextProperty() {
        return freshnessText.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Freshness> worstFreshnessProperty() {
        return worstFreshness.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty alarmTextProperty() {
        return alarmText.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Alarm>> newlyRaisedProperty() {
        return newlyRaised.getReadOnlyProperty();
    }

    public ObservableList<TargetStatus> targets() {
        return targets;
    }

    public String sourceLabel() {
        return sourceLabel;
    }

    public OverviewViewModel overview() {
        return overview;
    }

    public PlaneViewModel plane() {
        return plane;
    }

    public TrimsViewModel trims() {
        return trims;
    }

    public ExclusionsViewModel exclusions() {
        return exclusions;
    }

    public AlarmsViewModel alarms() {
        return alarms;
    }

    public DeviceViewModel devices() {
        return devices;
    }

    /** Selects an exclusion event programmatically (tests, keyboard). */
    public void select(ExclusionEvent event) {
        exclusions.selectedEventProperty().set(event);
    }
}
