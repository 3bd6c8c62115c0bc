package dev.blockwipe.ui;

import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * What the TestFX tests of the main window over a fake sysfs share: the stage, the view model
 * and the view, {@link #open} that builds and shows them and lists the fake devices, and the
 * close after each test. A test changes what it must through the hooks: the view model
 * ({@link #viewModel}), what happens before the stage is shown ({@link #beforeShow}) and after
 * ({@link #started}), and how the view model closes ({@link #closeViewModel}).
 */
@ExtendWith(ApplicationExtension.class)
public abstract class WindowFixture extends DeviceFixture {
    protected Stage stage;
    protected MainViewModel vm;
    protected MainView view;

    /**
     * The window's own kind of executor, whose idle daemon threads end by themselves; the
     * background work runs on it when the test says so ({@link #WindowFixture(boolean)}).
     */
    private final ExecutorService work = Background.executor();
    private final boolean offThread;

    /** A window whose background work runs at once, on the caller's thread. */
    protected WindowFixture() {
        this(false);
    }

    /**
     * @param offThread whether the background work runs off the FX thread, as in the application
     *                  (a wipe's admission, for one, asks the FX thread and waits)
     */
    protected WindowFixture(boolean offThread) {
        this.offThread = offThread;
    }

    @Override
    protected DeviceTreeModel tree() {
        return vm.devices();
    }

    /**
     * The stage the extension set up for this test. Not a {@code @Start} method: TestFX looks for
     * those in the test's own class only, not in the classes it extends.
     */
    @BeforeEach
    void registeredStage() {
        stage = FxToolkit.toolkitContext().getRegisteredStage();
    }

    @AfterEach
    void close() throws Exception {
        closeViewModel();
        FxToolkit.cleanupStages();
    }

    /** Closes the view model from the test's thread, then stops the background executor. */
    protected void closeViewModel() throws Exception {
        vm.close();
        work.shutdownNow();
    }

    /** Opens the main window on the fake sysfs, as root or not. */
    protected void open(FxRobot robot, boolean root) {
        robot.interact(() -> {
            vm = viewModel(windowServices(root));
            view = new MainView(vm, stage, (path, problem) -> { });
            stage.setScene(view.scene());
            beforeShow();
            stage.show();
            started();
        });
    }

    /** The services of the window: with the background work at once or off the FX thread. */
    private Services windowServices(boolean root) {
        return offThread ? services(root, Platform::runLater, work) : services(root);
    }

    /** The view model over these services, with the scripted dialogs unless a test gives its own. */
    protected MainViewModel viewModel(Services services) {
        return new MainViewModel(services, dialogs);
    }

    /** What is done to the view before the stage is shown: nothing unless a test says. */
    protected void beforeShow() {
    }

    /** What is done once the stage is shown: a scan of the fake sysfs unless a test starts the window itself. */
    protected void started() {
        rescanWindow();
    }

    /** The window's tree after a scan of the fake sysfs as it is now. */
    protected void rescanWindow() {
        try {
            rescan(vm.devices());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
