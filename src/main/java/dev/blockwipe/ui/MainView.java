package dev.blockwipe.ui;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.report.Journal;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.util.List;
import java.util.Objects;
import javafx.animation.AnimationTimer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Orientation;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.controlsfx.control.StatusBar;

/**
 * The main window: toolbar, device tree and details, jobs with their graphs, status bar. It only
 * builds controls and binds them to the {@link MainViewModel}; an AnimationTimer hands the jobs'
 * queued events to the view-model once per frame.
 */
public final class MainView {
    static final String LIGHT = "blockwipe.css";
    static final String DARK = "dark.css";

    private final MainViewModel vm;
    private final Stage stage;
    private final BorderPane root = new BorderPane();
    private final JobsPane jobs;
    private final AnimationTimer frames;

    private final DesktopOpener opener;
    /** The monitor view while it is open, else null. */
    private MonitorView monitor;

    /**
     * @param opener       opens a file or folder with the desktop's own program
     */
    public MainView(MainViewModel vm, Stage stage, DesktopOpener opener) {
        this.vm = vm;
        this.stage = stage;
        this.opener = opener;
        this.jobs = new JobsPane(vm, this::confirmCancel, job -> ReportDialog.show(job, vm.settingsProperty().get(), stage,
                opener));
        DeviceTreeView tree = new DeviceTreeView(vm);
        SplitPane devices = new SplitPane(tree.node(), details());
        devices.setDividerPositions(0.76);
        SplitPane center = new SplitPane(devices, jobs.node());
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.46);
        root.setTop(vm.canWipeDevices() ? toolbar() : new VBox(toolbar(), notRootBanner()));
        root.setCenter(center);
        root.setBottom(statusBar());
        vm.noticeProperty().addListener((obs, was, n) -> notify(n));
        frames = new AnimationTimer() {
            @Override
            public void handle(long now) {
                vm.drainJobs();
                vm.dropRemoved(now);
                jobs.tick(vm);
                if (monitor != null) {
                    monitor.tick();
                }
            }
        };
    }

    /**
     * The scene, styled, with F5 for Refresh and F11 for the monitor view; 1280×820, or the whole
     * screen where that is smaller (1024×768).
     */
    public Scene scene() {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(1280, screen.getWidth()), Math.min(820, screen.getHeight()));
        scene.getStylesheets().add(css(LIGHT));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), vm::refresh);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F11), this::openMonitor);
        return scene;
    }

    /** F11: the jobs full-screen, for a wall screen over the bench; F11 or Esc there comes back. */
    private void openMonitor() {
        if (monitor != null) {
            return;
        }
        monitor = new MonitorView(vm.jobs(), vm.totalRateProperty(), vm.activeJobsProperty());
        MonitorView.open(stage, monitor, stage.getScene().getStylesheets()).setOnHidden(e -> monitor = null);
    }

    public void start() {
        frames.start();
        vm.start();
    }

    /**
     * Closing the window asks before it cancels running wipes, waits for them to stop, offers to
     * remove the test disks of this session, and then runs {@code exit}.
     */
    public void closeOnRequest(Runnable exit) {
        stage.setOnCloseRequest(e -> {
            e.consume();
            if (vm.hasActiveJobs() && !ask("Wipes are running. Cancel them and quit?",
                    "They stop after the requests in flight; the devices are left partly wiped.")) {
                return;
            }
            frames.stop();
            vm.close();
            if (!vm.testDisks().isEmpty() && ask("Remove the test disks made in this session?", String.join("\n",
                    vm.testDisks().stream().map(d -> d.device() + " (" + d.image() + ")").toList()))) {
                List<String> problems = vm.removeTestDisks();
                if (!problems.isEmpty()) {
                    error("Some test disks could not be removed", String.join("\n", problems));
                }
            }
            exit.run();
        });
    }

    private boolean ask(String header, String text) {
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, text, ButtonType.YES, ButtonType.NO);
        ask.initOwner(stage);
        ask.setHeaderText(header);
        return ask.showAndWait().filter(b -> b == ButtonType.YES).isPresent();
    }

    Parent root() {
        return root;
    }

    private ToolBar toolbar() {
        Button refresh = new Button("_Refresh");
        refresh.setOnAction(e -> vm.refresh());
        Button wipe = new Button("_Wipe…");
        wipe.getStyleClass().add("danger");
        wipe.setId("wipe");
        wipe.disableProperty().bind(vm.wipeTargetsProperty().not());
        wipe.setOnAction(e -> openWipeDialog());
        Button resume = new Button("Res_ume…");
        resume.setId("resume");
        resume.setTooltip(new Tooltip("Go on with the interrupted wipe of the selected device"));
        enableResume(resume, vm.selectedProperty().get());
        vm.selectedProperty().addListener((obs, was, now) -> enableResume(resume, now));
        resume.setOnAction(e -> confirmResume(vm.selectedProperty().get()));
        Button image = new Button("_Add image file…");
        image.setOnAction(e -> addImageFile());
        Button testDisk = new Button("Create _test disk…");
        testDisk.setId("test-disk");
        testDisk.setOnAction(e -> createTestDisk());
        if (vm.canWipeDevices()) {
            testDisk.disableProperty().bind(vm.busyMakingTestDiskProperty());
        } else {
            testDisk.setDisable(true);
        }
        Button cancelAll = new Button("_Cancel all");
        cancelAll.disableProperty().bind(vm.activeJobsProperty().isEqualTo(0));
        cancelAll.setOnAction(e -> confirmCancelAll());
        Button bench = new Button("_Benchmark…");
        bench.setId("benchmark");
        bench.disableProperty().bind(Bindings.createBooleanBinding(
                () -> vm.benchmarkUnavailable(vm.selectedProperty().get()).isPresent(), vm.selectedProperty()));
        bench.setOnAction(e -> vm.benchmarkBlocker().ifPresentOrElse(why -> error("Cannot measure now", why),
                () -> BenchDialog.show(vm.benchmark(), stage)));
        Button reports = new Button("Re_ports…");
        reports.setOnAction(e -> ReportsDialog.show(new ReportsViewModel(vm.settingsProperty().get()), stage, opener));
        Button settings = new Button("_Settings…");
        settings.setOnAction(e -> SettingsDialog.edit(vm.settingsProperty().get(), stage).ifPresent(changed -> {
            try {
                vm.updateSettings(changed);
            } catch (IOException ex) {
                error("Cannot save the settings", ex.getMessage());
            }
        }));
        ToggleButton dark = new ToggleButton("_Dark");
        dark.selectedProperty().addListener((obs, was, on) -> {
            if (on) {
                stage.getScene().getStylesheets().add(css(DARK));
            } else {
                stage.getScene().getStylesheets().remove(css(DARK));
            }
        });
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        return new ToolBar(refresh, wipe, resume, new Separator(), image,
                explained(testDisk, new ReadOnlyStringWrapper(vm.canWipeDevices() ? ""
                        : "Test disks are loop devices: making one needs root (start Blockwipe with sudo).")),
                explained(bench, Bindings.createStringBinding(
                        () -> vm.benchmarkUnavailable(vm.selectedProperty().get()).orElse(""), vm.selectedProperty())),
                new Separator(), cancelAll, spring, reports, settings, dark);
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

    private static Label notRootBanner() {
        Label banner = new Label("You are not root, so Blockwipe can show the devices but not wipe them: opening a disk"
                + " for writing needs root. Start it with sudo to wipe devices. Image files you own can be wiped"
                + " (Add image file…).");
        banner.getStyleClass().add("banner");
        banner.setWrapText(true);
        banner.setMaxWidth(Double.MAX_VALUE);
        return banner;
    }

    private VBox details() {
        TableView<FactSheet.Fact> table = new TableView<>(vm.details());
        TableColumn<FactSheet.Fact, String> key = new TableColumn<>("Fact");
        key.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().key()));
        key.setPrefWidth(105);
        key.setMaxWidth(120);
        TableColumn<FactSheet.Fact, String> value = new TableColumn<>("Value");
        value.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().value()));
        value.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
                setTooltip(empty || text == null ? null : Tooltips.wrapped(text));
            }
        });
        table.getColumns().add(key);
        table.getColumns().add(value);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("Select a device to see everything about it."));
        table.setFocusTraversable(false);
        Label title = Sections.title("Details");
        VBox box = new VBox(2, title, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

    private StatusBar statusBar() {
        StatusBar bar = new StatusBar();
        bar.textProperty().bind(vm.statusProperty());
        Label mode = new Label(vm.mode());
        mode.getStyleClass().add("muted");
        Label problem = new Label();
        problem.getStyleClass().add("problem");
        problem.textProperty().bind(vm.scanProblemProperty());
        bar.getRightItems().addAll(problem, new Separator(Orientation.VERTICAL), mode);
        return bar;
    }

    private void openWipeDialog() {
        if (!vm.hasWipeTargets()) {
            return;
        }
        WipeDialogViewModel dialog = vm.wipeDialog();
        if (new WipeDialog(dialog, stage).showAndConfirm()) {
            vm.startWipe(dialog);
        }
    }

    /** Resume… works on the selected row while it has a journal of an interrupted wipe and may be written. */
    private static void enableResume(Button resume, DeviceRow row) {
        resume.disableProperty().unbind();
        if (row == null) {
            resume.setDisable(true);
        } else {
            resume.disableProperty().bind(row.interruptedProperty().isNull().or(row.checkableProperty().not()));
        }
    }

    /** Asks for the device's name, as a wipe does: the resume writes to it again. */
    private void confirmResume(DeviceRow row) {
        Journal journal = row == null ? null : row.interruptedProperty().get();
        if (journal == null) {
            return;
        }
        String name = row.facts().name();
        TextInputDialog ask = new TextInputDialog();
        ask.initOwner(stage);
        ask.setTitle("Resume the interrupted wipe");
        ask.setHeaderText("Go on with the wipe of " + Units.printable(row.facts().path()) + "?\n" + journal.describe()
                + ".\nWhat was written and synced before stays; the wipe goes on from there with the same method and"
                + " random keys, and the read-back covers the whole device.");
        ask.setContentText("To confirm, type " + name + ":");
        ask.getDialogPane().lookupButton(ButtonType.OK).disableProperty()
                .bind(ask.getEditor().textProperty().isNotEqualTo(name));
        if (ask.showAndWait().filter(name::equals).isPresent()) {
            vm.startResume(row);
        }
    }

    private void addImageFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Add a disk-image file to wipe");
        File file = chooser.showOpenDialog(stage);
        if (file == null) {
            return;
        }
        try {
            vm.addImageFile(file.getPath());
        } catch (TargetException e) {
            error("Cannot add " + file.getName(), e.getMessage());
        } catch (IOException e) {
            error("Cannot read " + file.getName(), e.getMessage());
        }
    }

    private void createTestDisk() {
        if (ask("Create a test disk?", "Make a 256 MiB test disk: an image file in /var/tmp on a loop device, with a GPT"
                + " table, an ext4 partition holding some files and a vfat partition. Nothing else is touched, and"
                + " Blockwipe offers to remove it when you quit.")) {
            vm.createTestDisk();
        }
    }

    private void confirmCancel(JobViewModel job) {
        if (ask("Cancel the wipe of " + job.name() + "?", "The job stops after the requests in flight. What has been"
                + " written stays written: " + job.name() + " will be only partly wiped.")) {
            vm.cancel(job);
        }
    }

    private void confirmCancelAll() {
        if (ask("Cancel all " + vm.activeJobsProperty().get() + " jobs?", "Every running and queued job stops; the"
                + " devices are left partly wiped.")) {
            vm.cancelAll();
        }
    }

    private void notify(Notice n) {
        if (n == null) {
            return;
        }
        Notifications note = Notifications.create().owner(stage).title(n.title()).text(n.text())
                .hideAfter(Duration.seconds(n.good() ? 6 : 12));
        if (n.good()) {
            note.showInformation();
        } else {
            note.showError();
        }
    }

    private void error(String header, String text) {
        Alert alert = new Alert(Alert.AlertType.ERROR, text, ButtonType.OK);
        alert.initOwner(stage);
        alert.setHeaderText(header);
        alert.showAndWait();
    }

    static String css(String name) {
        URL url = Objects.requireNonNull(MainView.class.getResource(name), name);
        return url.toExternalForm();
    }
}
