package dev.blockwipe.ui;

import dev.blockwipe.linux.DesktopScheme;
import dev.blockwipe.report.Settings;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/** The desktop application: wires the services, shows the main window, asks before it quits. */
public final class BlockwipeApp extends Application {
    /** The X11 window class (WM_CLASS) that docks and task switchers match with a .desktop file's StartupWMClass. */
    public static final String WINDOW_CLASS = "blockwipe";

    /**
     * JavaFX logs through this logger; held here because java.util.logging keeps loggers, and the
     * filter set on them, only while someone references them.
     */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    /**
     * JavaFX warns "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" on
     * every start whose javafx.graphics is not a named module, which a single jar on the classpath
     * never has (a launcher class that does not extend Application, like Main, avoids only the
     * "runtime components are missing" error). This application is built and tested that way, so
     * that one warning is dropped; JavaFX's other messages still show.
     */
    public static void launchApp(String[] args) {
        JAVAFX_LOG.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
        Application.launch(BlockwipeApp.class, args);
    }

    /**
     * Glass names the GTK window class after the Application subclass (dev.blockwipe.ui.BlockwipeApp):
     * the launcher queues that name on the FX thread right after this constructor, which runs there
     * too, and the first name given wins.
     */
    public BlockwipeApp() {
        com.sun.glass.ui.Application.GetApplication().setName(WINDOW_CLASS);
    }

    /** The services of this machine, reporting to the FX thread. */
    public static Services linuxServices(Settings settings) {
        return Startup.linuxServices(settings, Platform::runLater);
    }

    private Startup.UserSettings settings;
    private Services services;
    private Optional<Boolean> desktopPrefersDark;
    private Map<String, String> layout;
    /** The window's layout when it closed, kept for the next start in {@link #stop()}. */
    private Map<String, String> closedLayout;

    /**
     * Reads the settings and this machine's facts, prepares the inventory and asks the desktop
     * whether it prefers dark: file reads and a gsettings run, on the launcher thread JavaFX runs
     * this on, before the FX thread draws the first frame (so a dark desktop sees no light flash).
     */
    @Override
    public void init() {
        settings = Startup.thisUser();
        services = linuxServices(settings.settings());
        desktopPrefersDark = DesktopScheme.prefersDark();
        layout = WindowMemory.read(settings.settings());
    }

    @Override
    public void start(Stage stage) {
        MainViewModel vm = new MainViewModel(services, new FxDialogs(stage));
        MainView view = new MainView(vm, stage, new XdgOpen(services.background(), services.fx()));
        view.theme().follow(Runnable::run, Runnable::run, () -> desktopPrefersDark);
        stage.setTitle("Blockwipe");
        stage.getIcons().setAll(Icons.all());
        stage.setScene(view.scene());
        view.restoreLayout(layout);
        Placement.keepWindowsOnScreen();
        view.closeOnRequest(() -> {
            closedLayout = view.layout();
            Platform.exit();
        });
        stage.show();
        view.start();
        if (settings.unusable() != null) {
            vm.session().settingsUnusable(settings.unusable());
        }
    }

    /** The window is gone: its layout is written here, where a file write keeps nothing waiting. */
    @Override
    public void stop() {
        if (closedLayout != null) {
            WindowMemory.write(settings.settings(), closedLayout);
        }
    }
}
