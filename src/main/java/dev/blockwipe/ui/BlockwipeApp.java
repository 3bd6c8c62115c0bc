package dev.blockwipe.ui;

import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.linux.HostFacts;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.linux.LoopTestDisks;
import dev.blockwipe.linux.Niceness;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Storage;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.linux.Uevents;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.logging.Logger;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/** The desktop application: wires the services, shows the main window, asks before it quits. */
public final class BlockwipeApp extends Application {
    /** The X11 window class (WM_CLASS) that docks and task switchers match with a .desktop file's StartupWMClass. */
    public static final String WINDOW_CLASS = "blockwipe";

    /**
     * How much lower than the window its jobs run: nice 10 gives a thread a tenth of the weight of
     * one at 0, so the FX and render threads, two among the dozens a dozen jobs make runnable,
     * still get a CPU as soon as they want one.
     */
    private static final int JOB_NICENESS = 10;
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

    /** The services of this machine: sysfs and friends, libblkid, the O_DIRECT targets, the settings. */
    public static Services linuxServices(Settings settings) {
        LinuxInventory inventory = new LinuxInventory();
        inventory.prepare();
        return new Services(inventory, inventory::fingerprint, new Uevents(), new LinuxTargets(), Terminal.isRoot(),
                new LoopTestDisks(Path.of("/var/tmp")), OpenSslKeystreams.fastest(),
                new BufferPool(HostFacts.defaultBufferBudget()), Niceness.lowered(JOB_NICENESS),
                settings, HostFacts.read(), Storage::inMemory, new LiveNetwork(), Platform::runLater,
                Background.executor());
    }

    /**
     * The settings the window starts with, and why the user's could not be used (null when they could).
     *
     * @param unusable names the file or folder and what is wrong, as the commands say it (exit 12)
     */
    record UserSettings(Settings settings, String unusable) {
    }

    /**
     * This user's settings (config file in ~/.config/blockwipe); when they cannot be used, the
     * defaults and why, which the window shows: it has no exit code to say it with.
     */
    static UserSettings userSettings(Map<String, String> env, String home, int uid) {
        try {
            return new UserSettings(Settings.load(env, home, uid, null), null);
        } catch (IOException e) {
            return new UserSettings(Settings.defaults(env, home, uid, null), e.getMessage());
        }
    }

    private UserSettings settings;
    private Services services;

    /**
     * Reads the settings and this machine's facts, and prepares the inventory: file reads, on the
     * launcher thread JavaFX runs this on, before the FX thread draws the first frame.
     */
    @Override
    public void init() {
        keepFontCacheInStateFolder(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid());
        settings = userSettings(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid());
        services = linuxServices(settings.settings());
    }

    /**
     * Points PDFBox's font cache into Blockwipe's state folder before anything draws a certificate.
     * Where that folder cannot be used, PDFBox falls back to its own choice (the home folder, else
     * the temporary one): a cache is only a speed-up, and the window says enough about its folders
     * when the settings are read.
     */
    static void keepFontCacheInStateFolder(Map<String, String> env, String home, int uid) {
        try {
            System.setProperty("pdfbox.fontcache", Settings.fontCacheDir(env, home, uid).toString());
        } catch (IOException e) {
            System.clearProperty("pdfbox.fontcache");
        }
    }

    @Override
    public void start(Stage stage) {
        MainViewModel vm = new MainViewModel(services, new FxDialogs(stage));
        MainView view = new MainView(vm, stage, new XdgOpen(services.background(), services.fx()));
        stage.setTitle("Blockwipe");
        stage.getIcons().setAll(Icons.all());
        stage.setScene(view.scene());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        view.closeOnRequest(Platform::exit);
        stage.show();
        view.start();
        if (settings.unusable() != null) {
            vm.session().settingsUnusable(settings.unusable());
        }
    }
}
