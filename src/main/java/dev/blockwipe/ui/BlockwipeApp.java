package dev.blockwipe.ui;

import dev.blockwipe.linux.HostFacts;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.linux.TestDisks;
import dev.blockwipe.linux.Uevents;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/** The desktop application: wires the services, shows the main window, asks before it quits. */
public final class BlockwipeApp extends Application {

    public static void launchApp(String[] args) {
        Application.launch(BlockwipeApp.class, args);
    }

    /** The services of this machine: sysfs and friends, libblkid, the O_DIRECT targets, the settings. */
    public static Services linuxServices(Settings settings) {
        LinuxInventory inventory = new LinuxInventory();
        return new Services(inventory, inventory::fingerprint, new Uevents(), new LinuxTargets(), Terminal.isRoot(),
                new TestDisks(Path.of("/var/tmp")), OpenSslKeystreams.best(), settings, HostFacts.read(), Platform::runLater);
    }

    /** This user's settings (config file in ~/.config/blockwipe); defaults when the file cannot be read. */
    static Settings userSettings() {
        try {
            return Settings.load(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid(), null);
        } catch (IOException e) {
            return Settings.defaults(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid(), null);
        }
    }

    @Override
    public void start(Stage stage) {
        MainViewModel vm = new MainViewModel(linuxServices(userSettings()));
        MainView view = new MainView(vm, stage, new XdgOpen(Platform::runLater));
        stage.setTitle("Blockwipe");
        stage.setScene(view.scene());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        view.closeOnRequest(Platform::exit);
        stage.show();
        view.start();
    }
}
