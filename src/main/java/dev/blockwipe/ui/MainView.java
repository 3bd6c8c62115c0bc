package dev.blockwipe.ui;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.ui.certificates.ReportDialog;
import dev.blockwipe.ui.certificates.ReportsDialog;
import dev.blockwipe.ui.dialogs.About;
import dev.blockwipe.ui.dialogs.AboutDialog;
import dev.blockwipe.ui.identify.IdentifyBar;
import dev.blockwipe.ui.jobs.JobsPane;
import dev.blockwipe.ui.monitor.MonitorView;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeView;
import dev.blockwipe.ui.tree.FilterBar;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.animation.AnimationTimer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Orientation;
import javafx.geometry.Rectangle2D;
import javafx.scene.Cursor;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.Separator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.controlsfx.control.StatusBar;
import org.kordamp.ikonli.feather.Feather;

/**
 * The main window: menu bar, toolbar, device tree and details, jobs with their graphs, status bar. It only
 * builds controls and binds them to the {@link MainViewModel}; an AnimationTimer hands the jobs'
 * queued events to the view-model once per frame.
 */
public final class MainView {
    public static final String LIGHT = "blockwipe.css";

    private final MainViewModel vm;
    private final Stage stage;
    private final BorderPane root = new BorderPane();
    private final JobsPane jobs;
    private final DeviceTreeView tree;
    private final AnimationTimer frames;

    private final DesktopOpener opener;
    /** The monitor view while it is open, else null. */
    private MonitorView monitor;
    private static final String THEME = "theme";
    private static final String DARK = "dark";
    private final Theme theme = new Theme();
    private final BooleanProperty resumeUnavailable = new SimpleBooleanProperty(this, "resumeUnavailable", true);
    /** Where the divider over the jobs sits while there are jobs: at first room for a dozen lines at 1366×768. */
    private final DoubleProperty jobsDivider = new SimpleDoubleProperty(this, "jobsDivider", 0.42);
    private final WindowMemory memory;

    private final Command refresh;
    private final Command wipe;
    private final Command resume;
    private final Command addImage;
    private final Command testDisk;
    private final Command benchmark;
    private final Command identify;
    /** Why Identify cannot show the selected row now; empty when it can. */
    private final StringBinding identifyWhyNot;
    private final Command cancelAll;
    private final Command reports;
    private final Command settings;
    private final Command quit;
    private final Command about;
    private final Command monitorView;
    private final Command shortcuts;
    private final Command guide;

    /**
     * @param opener       opens a file or folder with the desktop's own program
     */
    public MainView(MainViewModel vm, Stage stage, DesktopOpener opener) {
        this.vm = vm;
        this.stage = stage;
        this.opener = opener;
        rememberTheme();
        this.jobs = new JobsPane(vm.jobs().jobs(), vm.jobs().totalRateProperty(), vm.jobs().activeJobsProperty(),
                vm.jobs()::requestCancel, job -> ReportDialog.show(job, vm.session()::certificate, stage, opener));
        refresh = working("_Refresh", vm.devices()::refresh).withIcon(Feather.REFRESH_CW);
        wipe = working("_Wipe…", vm::wipe, vm.devices().wipeTargetsProperty().not().or(vm.devices().readingFactsProperty()))
                .withIcon(Feather.TRASH_2);
        enableResume(vm.devices().selectedProperty().get());
        vm.devices().selectedProperty().addListener((obs, was, now) -> enableResume(now));
        resume = working("Res_ume…", vm::resume, resumeUnavailable).withIcon(Feather.PLAY);
        addImage = working("_Add image file…", vm.devices()::addImage, vm.devices().readingFactsProperty())
                .withIcon(Feather.FILE_PLUS);
        testDisk = working("Create _test disk…", vm.session()::requestTestDisk, vm.devices().canWipeDevices()
                ? vm.session().busyMakingTestDiskProperty() : new SimpleBooleanProperty(true)).withIcon(Feather.HARD_DRIVE);
        benchmark = working("_Benchmark…", vm::openBenchmark, Bindings.createBooleanBinding(
                () -> vm.session().benchmarkUnavailable(vm.devices().selectedProperty().get()).isPresent(), vm.devices().selectedProperty()))
                .withIcon(Feather.ACTIVITY);
        identifyWhyNot = Bindings.createStringBinding(
                () -> vm.identify().unavailable(vm.devices().selectedProperty().get()).orElse(""),
                vm.devices().selectedProperty(), vm.identify().showing());
        identify = working("_Identify", () -> vm.identify().identify(vm.devices().selectedProperty().get()),
                identifyWhyNot.isNotEmpty()).withIcon(Feather.CROSSHAIR);
        cancelAll = working("_Cancel all", vm.jobs()::requestCancelAll, vm.jobs().activeJobsProperty().isEqualTo(0))
                .withIcon(Feather.X_OCTAGON);
        reports = working("Re_ports…", () -> ReportsDialog.show(vm.session().reports(), stage, opener)).withIcon(Feather.FILE_TEXT);
        settings = working("_Settings…", vm.session()::editSettings).withIcon(Feather.SETTINGS);
        quit = new Command("_Quit", this::quit).withIcon(Feather.LOG_OUT);
        about = new Command("_About Blockwipe", () -> AboutDialog.show(About.current(), stage)).withIcon(Feather.INFO);
        monitorView = new Command("_Monitor view", this::openMonitor).withIcon(Feather.MONITOR);
        shortcuts = new Command("_Keyboard shortcuts", this::showShortcuts).withIcon(Feather.COMMAND);
        guide = new Command("_User guide (offline)", () -> UserGuide.open(opener, stage)).withIcon(Feather.BOOK_OPEN);
        tree = new DeviceTreeView(vm.devices(), vm.filter());
        SplitPane devices = new SplitPane(FilterBar.over(vm.filter(), tree), details());
        devices.setDividerPositions(0.76);
        SplitPane center = new SplitPane(devices, jobs.node());
        center.setOrientation(Orientation.VERTICAL);
        jobs.dock(center, 0, jobsDivider);
        memory = new WindowMemory(stage, devices, jobsDivider, tree.node());
        VBox top = vm.devices().canWipeDevices() ? new VBox(menuBar(), toolbar()) : new VBox(menuBar(), toolbar(), notRootBanner());
        top.getChildren().add(inMemoryBanner());
        root.setTop(top);
        root.setCenter(center);
        root.setBottom(statusBar());
        root.cursorProperty().bind(Bindings.when(vm.devices().readingFactsProperty()).then(Cursor.WAIT).otherwise((Cursor) null));
        vm.session().noticeProperty().addListener((obs, was, n) -> notify(n));
        vm.identify().noticeProperty().addListener((obs, was, n) -> notify(n));
        frames = new AnimationTimer() {
            @Override
            public void handle(long now) {
                vm.tick(now);
                jobs.tick();
                if (monitor != null) {
                    monitor.tick();
                }
            }
        };
    }

    /** The scene, styled, at the window's first size on the primary screen. The menus bring the keys. */
    public Scene scene() {
        Rectangle2D first = Placement.firstPlace(Placement.screens().get(0));
        Scene scene = new Scene(root, first.getWidth(), first.getHeight());
        scene.getStylesheets().add(css(LIGHT));
        FocusHome.keep(stage, scene, tree::focusSelected);
        return scene;
    }

    /** Puts the window, its dividers and the tree's columns where they were last time ({@link #layout()}). Before it is shown. */
    public void restoreLayout(Map<String, String> layout) {
        memory.restore(layout);
    }

    /** The window's place, size, dividers and column widths, for the next start. */
    public Map<String, String> layout() {
        return memory.layout();
    }

    /** F11: the jobs full-screen, for a wall screen over the bench; F11 or Esc there comes back. */
    private void openMonitor() {
        if (monitor != null) {
            return;
        }
        monitor = new MonitorView(vm.jobs().jobs(), vm.jobs().totalRateProperty(), vm.jobs().activeJobsProperty());
        MonitorView.open(stage, monitor, stage.getScene().getStylesheets()).setOnHidden(e -> monitor = null);
    }

    /** Light or dark; it follows the desktop from {@link Theme#follow} until the user picks one here. */
    /** A light or dark theme the user chose in an earlier session stands (the desktop's preference no longer counts), and a choice now is kept. */
    private void rememberTheme() {
        String before = vm.remembered().get(THEME);
        if (before != null) {
            theme.chosenBefore(DARK.equals(before));
        }
        theme.onChoice(dark -> vm.session().remember(THEME, dark ? DARK : "light"));
    }

    public Theme theme() {
        return theme;
    }

    public void start() {
        frames.start();
        vm.start();
    }

    /**
     * A command that starts work: unavailable while the window quits too, its menu item and key
     * with it (a disabled menu bar leaves the keys of its items working).
     */
    private Command working(String text, Runnable action, ObservableBooleanValue unavailable) {
        return new Command(text, action, vm.quittingProperty().or(unavailable));
    }

    /** The same, for a command that is otherwise always available. */
    private Command working(String text, Runnable action) {
        return new Command(text, action, vm.quittingProperty());
    }

    /**
     * Closing the window asks the view-model ({@link MainViewModel#requestQuit}); when it lets the
     * window go, {@code exit} runs once the wipes it cancelled have stopped. Meanwhile the window
     * stays live, the commands that start work disabled, and the status line says what it waits for.
     */
    public void closeOnRequest(Runnable exit) {
        stage.setOnCloseRequest(e -> {
            e.consume();
            vm.requestQuit(() -> {
                frames.stop();
                exit.run();
            });
        });
    }

    Parent root() {
        return root;
    }

    /** Every command of the toolbar is in a menu too, with its key where it has one. */
    private MenuBar menuBar() {
        CheckMenuItem darkItem = new CheckMenuItem("_Dark theme");
        darkItem.selectedProperty().bindBidirectional(theme.darkProperty());
        Menu file = new Menu("_File", null, addImage.item(shortcut(KeyCode.O)), new SeparatorMenuItem(),
                settings.item(shortcut(KeyCode.COMMA)), darkItem, new SeparatorMenuItem(), quit.item(shortcut(KeyCode.Q)));
        Menu devices = new Menu("De_vices", null, refresh.item(new KeyCodeCombination(KeyCode.F5)),
                wipe.item(shortcut(KeyCode.E)), benchmark.item(shortcut(KeyCode.B)), identify.item(shortcut(KeyCode.I)),
                new SeparatorMenuItem(),
                testDisk.item(shortcut(KeyCode.T)));
        Menu jobsMenu = new Menu("_Jobs", null, resume.item(null), cancelAll.item(null), new SeparatorMenuItem(),
                monitorView.item(new KeyCodeCombination(KeyCode.F11)));
        Menu reportsMenu = new Menu("Rep_orts", null, reports.item(shortcut(KeyCode.R)));
        Menu help = new Menu("_Help", null, guide.item(new KeyCodeCombination(KeyCode.F1)), shortcuts.item(null),
                new SeparatorMenuItem(), about.item(null));
        MenuBar bar = new MenuBar(file, devices, jobsMenu, reportsMenu, help);
        bar.setId("menu-bar");
        return bar;
    }

    private static KeyCombination shortcut(KeyCode key) {
        return new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN);
    }

    private ToolBar toolbar() {
        Button wipeButton = wipe.button();
        wipeButton.getStyleClass().add(Styles.DANGER);
        wipeButton.setId("wipe");
        Button resumeButton = resume.button();
        resumeButton.setId("resume");
        resumeButton.setTooltip(new Tooltip("Go on with the interrupted wipe of the selected device"));
        Button testDiskButton = testDisk.button();
        testDiskButton.setId("test-disk");
        Button benchButton = benchmark.button();
        benchButton.setId("benchmark");
        Button identifyButton = identify.button();
        identifyButton.setId("identify");
        ToggleButton darkButton = new ToggleButton("_Dark", Glyphs.of(Feather.MOON));
        darkButton.setId("dark");
        darkButton.selectedProperty().bindBidirectional(theme.darkProperty());
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        Button refreshButton = refresh.button();
        Button addImageButton = addImage.button();
        Button cancelAllButton = cancelAll.button();
        Button reportsButton = reports.button();
        Button settingsButton = settings.button();
        ToolBar bar = new ToolBar(refreshButton, explained(wipeButton, vm.wipeUnavailableProperty()), resumeButton,
                new Separator(), addImageButton,
                explained(testDiskButton, new ReadOnlyStringWrapper(vm.devices().canWipeDevices() ? ""
                        : "Test disks are loop devices: making one needs root (start Blockwipe with sudo).")),
                explained(benchButton, Bindings.createStringBinding(
                        () -> vm.session().benchmarkUnavailable(vm.devices().selectedProperty().get()).orElse(""), vm.devices().selectedProperty())),
                explained(identifyButton, identifyWhyNot),
                new Separator(), cancelAllButton, spring, reportsButton, settingsButton, darkButton);
        if (vm.session().hasNetworkSwitch()) {
            bar.getItems().add(bar.getItems().indexOf(darkButton), networkButton());
        }
        bar.setId("toolbar");
        ToolbarLabels.giveWay(bar, List.of(refreshButton, addImageButton, testDiskButton, benchButton, identifyButton,
                cancelAllButton, reportsButton, settingsButton, darkButton));
        return bar;
    }

    /**
     * On the boot stick only: the network, off at boot. The button shows what the switch last said,
     * not what was clicked: a failed DHCP leaves it off.
     */
    private ToggleButton networkButton() {
        ToggleButton button = new ToggleButton("_Network");
        button.setId("network");
        button.setTooltip(new Tooltip("Off at boot. On: DHCP on every wired link, and SSH that accepts only the keys in"
                + " ssh/authorized_keys on this stick's BLOCKWIPE partition."));
        button.setSelected(vm.session().networkOnProperty().get());
        vm.session().networkOnProperty().addListener((o, was, on) -> button.setSelected(on));
        button.setOnAction(e -> {
            boolean wanted = button.isSelected();
            button.setSelected(vm.session().networkOnProperty().get());
            vm.session().network(wanted);
        });
        button.disableProperty().bind(vm.session().networkBusyProperty());
        return button;
    }

    /** Help › Keyboard shortcuts: read from the menus and the toolbar as they are, so the list cannot drift from them. */
    private void showShortcuts() {
        KeyboardShortcuts.show(KeyboardShortcuts.of((MenuBar) root.lookup("#menu-bar"), (ToolBar) root.lookup("#toolbar")), stage);
    }

    /** File › Quit takes the same way out as the window's close button, question included. */
    private void quit() {
        stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST));
    }

    /**
     * A disabled button shows no tooltip (it takes no mouse events), so the button sits in a holder
     * whose tooltip says why it is disabled, while {@code why} is not empty.
     */
    private static StackPane explained(Button button, ObservableStringValue why) {
        StackPane holder = new StackPane(button);
        Tooltip tip = Tooltips.wrapped("");
        tip.textProperty().bind(why);
        Runnable install = () -> {
            if (why.get().isEmpty()) {
                Tooltip.uninstall(holder, tip);
            } else {
                Tooltip.install(holder, tip);
            }
        };
        why.addListener((obs, was, now) -> install.run());
        install.run();
        return holder;
    }

    /** Shown while the certificates' folder is in memory: they would be lost at power-off. */
    private Label inMemoryBanner() {
        Label banner = banner("");
        banner.setId("in-memory");
        banner.textProperty().bind(vm.session().inMemoryProperty());
        banner.visibleProperty().bind(vm.session().inMemoryProperty().isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    private static Label notRootBanner() {
        return banner("You are not root, so Blockwipe can show the devices but not wipe them: opening a disk"
                + " for writing needs root. To wipe devices, start it from the menu and authenticate as an administrator,"
                + " or with sudo. Image files you own can be wiped"
                + " (Add image file…).");
    }

    private static Label banner(String text) {
        Label banner = new Label(text);
        banner.getStyleClass().add(Styles.BANNER);
        banner.setWrapText(true);
        banner.setMaxWidth(Double.MAX_VALUE);
        return banner;
    }

    private VBox details() {
        TableView<FactSheet.Fact> table = new TableView<>(vm.devices().details());
        TableColumn<FactSheet.Fact, String> key = new TableColumn<>("Fact");
        key.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().key()));
        key.setCellFactory(c -> new WrappedCell<>(key));
        key.setPrefWidth(105);
        key.setMaxWidth(120);
        TableColumn<FactSheet.Fact, String> value = new TableColumn<>("Value");
        value.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().value()));
        value.setCellFactory(c -> new WrappedCell<>(value));
        table.getColumns().add(key);
        table.getColumns().add(value);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label none = new Label("Select a device to see everything about it.");
        none.setWrapText(true);
        table.setPlaceholder(none);
        table.setFocusTraversable(false);
        Label title = Sections.title("Details");
        VBox box = new VBox(2, title, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

    private StatusBar statusBar() {
        StatusBar bar = new StatusBar();
        bar.textProperty().bind(vm.jobs().statusProperty());
        Label mode = new Label(vm.devices().mode());
        mode.getStyleClass().add(Styles.MUTED);
        Label problem = new Label();
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.textProperty().bind(vm.devices().scanProblemProperty());
        Region identifying = new IdentifyBar(vm.identify()).node();
        // at most 60 % of the bar: the jobs' status and the mode stay readable beside a long line
        identifying.maxWidthProperty().bind(bar.widthProperty().multiply(0.6));
        bar.getLeftItems().add(identifying);
        bar.getRightItems().addAll(problem, new Separator(Orientation.VERTICAL), mode);
        return bar;
    }

    /** Resume… works on the selected row while it has a journal of an interrupted wipe and may be written. */
    private void enableResume(DeviceRow row) {
        resumeUnavailable.unbind();
        if (row == null) {
            resumeUnavailable.set(true);
        } else {
            resumeUnavailable.bind(row.interruptedProperty().isNull().or(row.checkableProperty().not()));
        }
    }

    private void notify(Notice n) {
        if (n == null) {
            return;
        }
        Notifications.create().owner(stage).title(n.title()).text(n.text())
                .graphic(n.good() ? Glyphs.dialog(Feather.CHECK_CIRCLE, Styles.GOOD) : Glyphs.dialog(Feather.ALERT_OCTAGON, Styles.PROBLEM))
                .hideAfter(Duration.seconds(n.good() ? 6 : 12)).show();
    }

    public static String css(String name) {
        URL url = Objects.requireNonNull(MainView.class.getResource(name), name);
        return url.toExternalForm();
    }
}
