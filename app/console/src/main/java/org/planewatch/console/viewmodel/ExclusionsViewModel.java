package org.planewatch.console.viewmodel;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.Units;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.telemetry.schema.TelemetrySchema;

/**
 * What the exclusion decisions point at, then the decisions themselves: the ranked suspects (links
 * and switches, ADR 0095) and the live table of EV state changes, newest first, with filters.
 * Selecting a suspect or a decision asks the main view model to highlight its links.
 */
public final class ExclusionsViewModel {
    public static final String ALL_REASONS = "All reasons";
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private final ObservableList<ExclusionEvent> rows = FXCollections.observableArrayList();
    private final FilteredList<ExclusionEvent> visibleRows = new FilteredList<>(rows);
    private final ObservableList<Suspect> suspects = FXCollections.observableArrayList();
    private final ObjectProperty<Integer> planeFilter = new SimpleObjectProperty<>();
    private final StringProperty reasonFilter = new SimpleStringProperty(ALL_REASONS);
    private final StringProperty search = new SimpleStringProperty("");
    private final BooleanProperty exclusionsOnly = new SimpleBooleanProperty(false);
    private final ObjectProperty<ExclusionEvent> selectedEvent = new SimpleObjectProperty<>();
    private final ObjectProperty<Suspect> selectedSuspect = new SimpleObjectProperty<>();
    private final javafx.beans.property.ReadOnlyStringWrapper decisionsSummary =
            new javafx.beans.property.ReadOnlyStringWrapper("0 of 0 decisions shown");
    private final javafx.beans.property.ReadOnlyStringWrapper suspectsSummary =
            new javafx.beans.property.ReadOnlyStringWrapper("no suspects");
    private int exclusionsKept;
    private int hostsKept;
    private List<ExclusionEvent> lastEvents = List.of();
    private List<Suspect> lastSuspects = List.of();
    private long atMillis;
    private final javafx.beans.property.ReadOnlyLongWrapper secondShown =
            new javafx.beans.property.ReadOnlyLongWrapper();

    ExclusionsViewModel() {
        planeFilter.addListener((o, a, b) -> refilter());
        reasonFilter.addListener((o, a, b) -> refilter());
        search.addListener((o, a, b) -> refilter());
        exclusionsOnly.addListener((o, a, b) -> refilter());
        visibleRows.addListener((javafx.collections.ListChangeListener<ExclusionEvent>) c -> summarizeDecisions());
    }

    /**
     * "1,204 of 20,000 decisions shown; 15,002 exclusions by 13,870 hosts": the rows the filters
     * leave, of the bounded history the console keeps (its newest decisions), and what that history
     * holds. Every figure counts the same rows the table has, so the views agree.
     */
    public javafx.beans.property.ReadOnlyStringProperty decisionsSummaryProperty() {
        return decisionsSummary.getReadOnlyProperty();
    }

    /** "11 suspects: 10 links, 1 switch", counted over the same list the table and the plane view show. */
    public javafx.beans.property.ReadOnlyStringProperty suspectsSummaryProperty() {
        return suspectsSummary.getReadOnlyProperty();
    }

    private void summarizeDecisions() {
        decisionsSummary.set(String.format(
                Locale.ROOT,
                "%,d of %,d decisions shown; %,d exclusions by %,d hosts in the newest %,d kept",
                visibleRows.size(),
                rows.size(),
                exclusionsKept,
                hostsKept,
                rows.size()));
    }

    static String suspectsSummary(List<Suspect> suspects) {
        long links =
                suspects.stream().filter(x -> x.kind() == Suspect.Kind.LINK).count();
        long switches = suspects.size() - links;
        return suspects.isEmpty()
                ? "no suspects"
                : String.format(
                        Locale.ROOT,
                        "%,d suspect%s: %,d link%s, %,d switch%s",
                        suspects.size(),
                        suspects.size() == 1 ? "" : "s",
                        links,
                        links == 1 ? "" : "s",
                        switches,
                        switches == 1 ? "" : "es");
    }

    public FilteredList<ExclusionEvent> visibleRows() {
        return visibleRows;
    }

    /** The suspects of the newest snapshot, best first; empty when nothing stands out. */
    public ObservableList<Suspect> suspects() {
        return suspects;
    }

    public ObjectProperty<Integer> planeFilterProperty() {
        return planeFilter;
    }

    public StringProperty reasonFilterProperty() {
        return reasonFilter;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public BooleanProperty exclusionsOnlyProperty() {
        return exclusionsOnly;
    }

    public ObjectProperty<ExclusionEvent> selectedEventProperty() {
        return selectedEvent;
    }

    public ObjectProperty<Suspect> selectedSuspectProperty() {
        return selectedSuspect;
    }

    /**
     * The snapshot's time in whole seconds. A suspect's "(12 s ago)" is read from it: the table redraws
     * when it moves, for a suspect whose numbers stay the same (a spine down, every path through it
     * out) is never replaced, and its age stood still.
     */
    public javafx.beans.property.ReadOnlyLongProperty secondShownProperty() {
        return secondShown.getReadOnlyProperty();
    }

    /** "02:41:07 (12 s ago)": when its episode's first failing decision was taken (agent clock). */
    public String firstSeen(Suspect suspect) {
        long millis = suspect.firstSeenNs() / 1_000_000;
        return CLOCK.format(Instant.ofEpochMilli(millis)) + " (" + Units.seconds(Math.max(0, atMillis - millis))
                + " ago)";
    }

    /** "32 failing / 4 healthy": the paths through it that are out or were retired lately, and those that came back. */
    public static String evidence(Suspect suspect) {
        return suspect.failingPaths() + " failing / " + suspect.healthyPaths() + " healthy";
    }

    public static List<String> reasons() {
        List<String> reasons = new ArrayList<>();
        reasons.add(ALL_REASONS);
        reasons.addAll(TelemetrySchema.EXCLUSION_REASONS);
        return List.copyOf(reasons);
    }

    void update(FabricSnapshot snapshot) {
        if (snapshot.events() != lastEvents) {
            showEvents(snapshot.events());
            lastEvents = snapshot.events();
            java.util.Set<String> hosts = new java.util.HashSet<>();
            int excluded = 0;
            for (ExclusionEvent event : lastEvents) {
                if (event.isExclusion()) {
                    excluded++;
                    hosts.add(event.host());
                }
            }
            exclusionsKept = excluded;
            hostsKept = hosts.size();
            summarizeDecisions();
        }
        atMillis = snapshot.atMillis();
        if (!snapshot.suspects().equals(lastSuspects)) {
            showSuspects(snapshot.suspects());
            lastSuspects = snapshot.suspects();
            suspectsSummary.set(suspectsSummary(lastSuspects));
        }
        secondShown.set(Math.floorDiv(atMillis, 1000));
    }

    /**
     * Scores move at every publication while the same elements stay suspected: the rows are
     * replaced in place then, so the table keeps its rows and the operator's selection; the selected
     * suspect follows its element (by name) to the newest numbers, and is dropped with it.
     */
    private void showSuspects(List<Suspect> now) {
        if (sameElements(suspects, now)) {
            for (int i = 0; i < now.size(); i++) {
                if (!suspects.get(i).equals(now.get(i))) {
                    suspects.set(i, now.get(i));
                }
            }
        } else {
            suspects.setAll(now);
        }
        Suspect selected = selectedSuspect.get();
        if (selected != null) {
            selectedSuspect.set(now.stream()
                    .filter(x -> x.name().equals(selected.name()))
                    .findFirst()
                    .orElse(null));
        }
    }

    private static boolean sameElements(List<Suspect> shown, List<Suspect> now) {
        if (shown.size() != now.size()) {
            return false;
        }
        for (int i = 0; i < now.size(); i++) {
            if (!shown.get(i).name().equals(now.get(i).name())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The bounded history mostly slides: decisions arrive at the newest end while, once it is full, as
     * many leave at the oldest. The rows follow with insertions and removals at their ends; setting all
     * 20,000 rows anew through the filtered list on every frame of a replay made the table the frame's
     * main cost. Only a history that does not continue the shown one (a seek) is set anew.
     */
    private void showEvents(List<ExclusionEvent> events) {
        int left = leftAtOldestEnd(lastEvents, events);
        if (left < 0) {
            List<ExclusionEvent> all = new ArrayList<>(events);
            Collections.reverse(all);
            rows.setAll(all);
            return;
        }
        if (left > 0) {
            rows.remove(rows.size() - left, rows.size());
        }
        List<ExclusionEvent> fresh = new ArrayList<>(events.subList(lastEvents.size() - left, events.size()));
        Collections.reverse(fresh);
        rows.addAll(0, fresh);
    }

    /** How many of {@code before}'s oldest decisions are gone from {@code now} when it continues {@code before}; -1 when it does not. */
    static int leftAtOldestEnd(List<ExclusionEvent> before, List<ExclusionEvent> now) {
        if (before.isEmpty() || now.isEmpty()) {
            return -1;
        }
        ExclusionEvent newestBefore = before.getLast();
        for (int at = Math.min(now.size(), before.size()) - 1; at >= 0; at--) {
            if (now.get(at).equals(newestBefore)) {
                int left = before.size() - 1 - at;
                return now.getFirst().equals(before.get(left)) ? left : -1;
            }
        }
        return -1;
    }

    private void refilter() {
        Integer plane = planeFilter.get();
        String reason = reasonFilter.get();
        String text = search.get() == null ? "" : search.get().strip().toLowerCase(Locale.ROOT);
        boolean onlyExclusions = exclusionsOnly.get();
        Predicate<ExclusionEvent> predicate = e -> (plane == null || e.plane() == plane)
                && (reason == null || ALL_REASONS.equals(reason) || reason.equals(e.reason()))
                && (!onlyExclusions || e.isExclusion())
                && (text.isEmpty() || matches(e, text));
        visibleRows.setPredicate(predicate);
    }

    private static boolean matches(ExclusionEvent event, String text) {
        return event.host().toLowerCase(Locale.ROOT).contains(text)
                || event.links().stream()
                        .anyMatch(l -> l.toLowerCase(Locale.ROOT).contains(text))
                || ("qp " + event.qpn()).equals(text)
                || String.valueOf(event.qpn()).equals(text)
                || event.reason().toLowerCase(Locale.ROOT).contains(text);
    }
}
