package org.planewatch.console.view;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;

/**
 * The application shell: menu, a toolbar with the views, the search box and the alarm and
 * freshness badges, the current view, alarm notifications, and a status bar. Views are built on
 * first use and kept.
 */
public final class MainWindow extends BorderPane {
    private final MainViewModel viewModel;
    private final ObjectProperty<Palette> palette = new SimpleObjectProperty<>(Palette.DARK);
    private final Map<ViewId, Node> views = new EnumMap<>(ViewId.class);
    private final Map<ViewId, ToggleButton> viewButtons = new EnumMap<>(ViewId.class);
    private final StackPane content = new StackPane();
    private final VBox notifications = new VBox(6);
    private final TextField search = new TextField();
    private final Label searchMessage = new Label();
    private SearchCompletion completion;
    private Menu fileMenu;

    /**
     * Has {@code viewModel} lay planes out off the FX thread and publish each layout on it: a
     * full-scale plane's layout costs more than a frame. The console does this for every window;
     * window tests of small fabrics leave it out so that a frame's layout is there when it returns.
     */
    public static MainViewModel layOutPlanesOffTheFxThread(MainViewModel viewModel) {
        return viewModel.computeOffTheUiThread(javafx.application.Platform::runLater);
    }

    public MainWindow(MainViewModel viewModel) {
        this.viewModel = viewModel;
        setId("main-window");
        getStyleClass().addAll("main-window", "theme-dark");
        getStylesheets().add(MainWindow.class.getResource("planewatch.css").toExternalForm());
        setTop(new VBox(menuBar(), toolbar()));
        notifications.setId("notifications");
        notifications.setPickOnBounds(false);
        notifications.setMaxSize(460, Region.USE_PREF_SIZE);
        notifications.setPadding(new Insets(10));
        StackPane.setAlignment(notifications, Pos.BOTTOM_RIGHT);
        notifications.setAlignment(Pos.BOTTOM_RIGHT);
        StackPane center = new StackPane(content, notifications);
        content.getStyleClass().add("fabric-view");
        content.setId("fabric-view");
        setCenter(center);
        setBottom(statusBar());
        viewModel.currentViewProperty().addListener((o, a, view) -> show(view));
        viewModel.newlyRaisedProperty().addListener((o, a, raised) -> notify(raised));
        viewModel.alarms().active().addListener((ListChangeListener<Alarm>) change -> followAlarms());
        show(viewModel.currentViewProperty().get());
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                viewModel.clearHighlight();
            } else if (e.getCode() == KeyCode.SLASH && !(e.getTarget() instanceof TextField)) {
                search.requestFocus();
                e.consume();
            }
        });
    }

    /**
     * Marks the window as a replay: the freshness badge tells what the targets were at the shown
     * instant, never a plain green LIVE that could be taken for the present.
     */
    public void markAsReplay() {
        if (lookup("#freshness-badge") instanceof Label badge) {
            badge.textProperty().unbind();
            badge.textProperty().bind(viewModel.worstFreshnessProperty().asString("REPLAY \u00b7 was %s"));
            badge.getStyleClass().removeIf(c -> c.startsWith("freshness-"));
            badge.setStyle("-fx-background-color: #b71c1c; -fx-text-fill: white;");
            viewModel
                    .worstFreshnessProperty()
                    .addListener((o, a, value) -> badge.getStyleClass().removeIf(c -> c.startsWith("freshness-")));
        }
        if (lookup("#status-freshness") instanceof Label status) {
            status.textProperty().unbind();
            status.textProperty().bind(viewModel.freshnessTextProperty().concat(" (at the replayed instant)"));
        }
    }

    /** Adds application-level actions (recording, replay, export) to the File menu, above Quit. */
    public void addFileMenuItems(List<MenuItem> items) {
        int quit = fileMenu.getItems().size() - 1;
        fileMenu.getItems().addAll(quit, items);
        fileMenu.getItems().add(quit + items.size(), new SeparatorMenuItem());
    }

    public ObjectProperty<Palette> paletteProperty() {
        return palette;
    }

    public void setDarkTheme(boolean dark) {
        palette.set(dark ? Palette.DARK : Palette.LIGHT);
        getStyleClass().removeAll("theme-dark", "theme-light");
        getStyleClass().add(dark ? "theme-dark" : "theme-light");
    }

    private void show(ViewId id) {
        Node view = views.computeIfAbsent(id, this::create);
        content.getChildren().setAll(view);
        ToggleButton button = viewButtons.get(id);
        if (button != null) {
            button.setSelected(true);
        }
    }

    private Node create(ViewId id) {
        Supplier<Node> factory = switch (id) {
            case OVERVIEW -> () -> new OverviewView(viewModel, palette);
            case PLANE -> () -> new PlaneView(viewModel, palette);
            case TRIMS -> () -> new TrimsView(viewModel, palette);
            case EXCLUSIONS -> () -> new ExclusionsView(viewModel);
            case ALARMS -> () -> new AlarmsView(viewModel);
            case HOST -> () -> new HostView(viewModel, palette);
            case SWITCH -> () -> new SwitchView(viewModel);
            case TARGETS -> () -> new TargetsView(viewModel, this::openAddAgent);
        };
        return factory.get();
    }

    private MenuBar menuBar() {
        MenuItem addAgent = new MenuItem("Add agent\u2026");
        addAgent.setId("menu-add-agent");
        addAgent.setAccelerator(KeyCombination.keyCombination("Shortcut+N"));
        addAgent.setOnAction(e -> openAddAgent());
        addAgent.setDisable(viewModel.newAddTargetForm().isEmpty());
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> Platform.exit());
        Menu file = new Menu("File", null, addAgent, new SeparatorMenuItem(), quit);
        fileMenu = file;
        Menu view = new Menu("View");
        int index = 1;
        for (ViewId id : ViewId.values()) {
            MenuItem item = new MenuItem(id.title());
            item.setAccelerator(KeyCombination.keyCombination("Shortcut+" + index++));
            item.setOnAction(e -> viewModel.currentViewProperty().set(id));
            view.getItems().add(item);
        }
        MenuItem find = new MenuItem("Search\u2026");
        find.setAccelerator(KeyCombination.keyCombination("Shortcut+F"));
        find.setOnAction(e -> search.requestFocus());
        MenuItem theme = new MenuItem("Toggle dark / light theme");
        theme.setId("menu-theme");
        theme.setAccelerator(KeyCombination.keyCombination("Shortcut+T"));
        theme.setOnAction(e -> setDarkTheme(!palette.get().dark()));
        view.getItems().addAll(new SeparatorMenuItem(), find, theme);
        Menu help = new Menu("Help");
        MenuItem keys = new MenuItem("Keys: Ctrl+1..8 views, Ctrl+F or / search, Esc clear highlight, Ctrl+T theme");
        keys.setDisable(true);
        help.getItems().add(keys);
        MenuBar bar = new MenuBar(file, view, help);
        bar.setId("main-menu");
        return bar;
    }

    private HBox toolbar() {
        ToggleGroup group = new ToggleGroup();
        HBox buttons = new HBox(2);
        for (ViewId id : List.of(
                ViewId.OVERVIEW,
                ViewId.PLANE,
                ViewId.TRIMS,
                ViewId.EXCLUSIONS,
                ViewId.ALARMS,
                ViewId.HOST,
                ViewId.SWITCH,
                ViewId.TARGETS)) {
            ToggleButton button = new ToggleButton(id.title());
            button.setId("view-" + id.cliName());
            button.setToggleGroup(group);
            button.setFocusTraversable(true);
            button.setOnAction(e -> {
                viewModel.currentViewProperty().set(id);
                button.setSelected(true);
            });
            viewButtons.put(id, button);
            buttons.getChildren().add(button);
        }
        search.setId("search");
        search.promptTextProperty().bind(viewModel.searchPromptProperty());
        search.setPrefColumnCount(24);
        search.setMinWidth(Region.USE_PREF_SIZE);
        completion = new SearchCompletion(search, viewModel, this::openSearched);
        search.setOnAction(e -> openSearched(search.getText()));
        // Typing again withdraws the last answer: it was about what was typed before.
        search.textProperty().addListener((o, a, b) -> showSearchMessage(""));
        searchMessage.setId("search-message");
        searchMessage.getStyleClass().add("form-problem");
        // The message takes only the room left over and ends in an ellipsis (the whole of it in a
        // tooltip): an unknown name once squeezed the view buttons to "Overvi..." for good.
        searchMessage.setMinWidth(0);
        searchMessage.setMaxWidth(MAX_SEARCH_MESSAGE_WIDTH);
        searchMessage.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        searchMessage.setTooltip(searchMessageTip);
        HBox.setHgrow(searchMessage, Priority.SOMETIMES);
        for (javafx.scene.Node child : buttons.getChildren()) {
            ((Region) child).setMinWidth(Region.USE_PREF_SIZE);
        }
        buttons.setMinWidth(Region.USE_PREF_SIZE);
        showSearchMessage("");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label alarms = new Label();
        alarms.setMinWidth(Region.USE_PREF_SIZE);
        alarms.setId("alarm-badge");
        alarms.textProperty().bind(viewModel.alarmTextProperty());
        alarms.getStyleClass().add("badge");
        alarms.setOnMouseClicked(e -> viewModel.currentViewProperty().set(ViewId.ALARMS));
        viewModel.alarmTextProperty().addListener((o, a, text) -> {
            alarms.getStyleClass().remove("badge-alarm");
            if (!text.startsWith("No")) {
                alarms.getStyleClass().add("badge-alarm");
            }
        });
        Label freshness = new Label();
        freshness.setMinWidth(Region.USE_PREF_SIZE);
        freshness.setId("freshness-badge");
        freshness.getStyleClass().addAll("badge", "freshness-connecting");
        freshness.textProperty().bind(viewModel.worstFreshnessProperty().asString());
        viewModel.worstFreshnessProperty().addListener((o, a, value) -> {
            freshness.getStyleClass().removeIf(c -> c.startsWith("freshness-"));
            freshness.getStyleClass().add("freshness-" + value.name().toLowerCase(Locale.ROOT));
        });
        freshness.setOnMouseClicked(e -> viewModel.currentViewProperty().set(ViewId.TARGETS));
        HBox bar = new HBox(10, buttons, search, searchMessage, spacer, alarms, freshness);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 10, 6, 10));
        bar.getStyleClass().add("toolbar");
        return bar;
    }

    /** How wide the search's answer may grow; longer ones end in an ellipsis, whole in the tooltip. */
    static final double MAX_SEARCH_MESSAGE_WIDTH = 420;

    private final Tooltip searchMessageTip = new Tooltip();
    /** Withdraws the search's answer after a while: it is about one attempt, not a state of the fabric. */
    private final PauseTransition searchMessageTimeout = new PauseTransition(Duration.seconds(10));

    private void openSearched(String text) {
        completion.hide();
        viewModel.search(text).ifPresentOrElse(this::showSearchMessage, () -> {
            showSearchMessage("");
            search.clear();
            completion.hide();
        });
    }

    /** The completion list under the search box (tests). */
    SearchCompletion completion() {
        return completion;
    }

    private void showSearchMessage(String text) {
        searchMessage.setText(text);
        searchMessageTip.setText(text);
        searchMessage.setVisible(!text.isEmpty());
        searchMessage.setManaged(!text.isEmpty());
        searchMessageTimeout.stop();
        if (!text.isEmpty()) {
            searchMessageTimeout.setOnFinished(e -> showSearchMessage(""));
            searchMessageTimeout.playFromStart();
        }
    }

    private void openAddAgent() {
        viewModel
                .newAddTargetForm()
                .ifPresent(form -> new AddTargetDialog(
                                getScene() == null ? null : getScene().getWindow(), form)
                        .showAndWait());
    }

    /**
     * The toasts on screen by their alarm's key: each reads what its alarm says now, as the alarms
     * list beside it does, not what it said when raised ("22 hosts" in the toast beside "32 hosts" in
     * the list, seen in the demo).
     */
    private final Map<String, Label> toasts = new HashMap<>();

    private static String toastText(Alarm alarm) {
        return alarm.severity() + "  " + alarm.message();
    }

    /** Each toast of an alarm still active takes the alarm's message as it reads now. */
    private void followAlarms() {
        if (toasts.isEmpty()) {
            return;
        }
        for (Alarm alarm : viewModel.alarms().active()) {
            Label toast = toasts.get(alarm.key());
            if (toast != null && !toast.getText().equals(toastText(alarm))) {
                toast.setText(toastText(alarm));
            }
        }
    }

    private void removeToast(String key, Label toast) {
        notifications.getChildren().remove(toast);
        toasts.remove(key, toast);
    }

    private void notify(List<Alarm> raised) {
        List<Alarm> shown = raised.size() > 3 ? raised.subList(0, 3) : raised;
        for (Alarm alarm : shown) {
            Label toast = new Label(toastText(alarm));
            toasts.put(alarm.key(), toast);
            toast.setWrapText(true);
            toast.getStyleClass()
                    .addAll("toast", "alarm-" + alarm.severity().name().toLowerCase(Locale.ROOT));
            toast.setOnMouseClicked(e -> {
                removeToast(alarm.key(), toast);
                viewModel.currentViewProperty().set(ViewId.ALARMS);
            });
            notifications.getChildren().add(toast);
            PauseTransition fade = new PauseTransition(Duration.seconds(8));
            fade.setOnFinished(e -> removeToast(alarm.key(), toast));
            fade.play();
        }
        if (raised.size() > shown.size()) {
            Label more = new Label("+" + (raised.size() - shown.size()) + " more alarms");
            more.getStyleClass().add("toast");
            notifications.getChildren().add(more);
            PauseTransition fade = new PauseTransition(Duration.seconds(8));
            fade.setOnFinished(e -> notifications.getChildren().remove(more));
            fade.play();
        }
        while (notifications.getChildren().size() > 6) {
            Node oldest = notifications.getChildren().removeFirst();
            toasts.values().remove(oldest);
        }
    }

    private HBox statusBar() {
        Label source = new Label();
        source.textProperty().bind(viewModel.statusTextProperty());
        source.setId("status-source");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label freshness = new Label();
        freshness.setId("status-freshness");
        freshness.textProperty().bind(viewModel.freshnessTextProperty());
        HBox bar = new HBox(12, source, spacer, freshness);
        bar.setPadding(new Insets(4, 10, 4, 10));
        bar.getStyleClass().add("status-bar");
        bar.setId("status-bar");
        return bar;
    }

    /** For tests and the screenshot option: the current view's node. */
    public Node currentView() {
        return content.getChildren().isEmpty() ? null : content.getChildren().getFirst();
    }
}
