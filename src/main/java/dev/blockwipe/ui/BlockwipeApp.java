package dev.blockwipe.ui;

import dev.blockwipe.linux.Blkid;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.linux.TestDisks;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/** The desktop application: wires the services, shows the main window, asks before it quits. */
public final class BlockwipeApp extends Application {

    public static void launchApp(String[] args) {
        Application.launch(BlockwipeApp.class, args);
    }

    /** The services of this machine: sysfs and friends, libblkid, the O_DIRECT targets. */
    public static Services linuxServices() {
        LinuxInventory inventory = new LinuxInventory(true);
        return new Services(inventory, inventory::fingerprint, new LinuxTargets(), new Blkid(), Terminal.isRoot(),
                new TestDisks(Path.of("/var/tmp")), OpenSslKeystreams.best(), Platform::runLater);
    }

    @Override
    public void start(Stage stage) {
        MainViewModel vm = new MainViewModel(linuxServices());
        MainView view = new MainView(vm, stage);
        stage.setTitle("Blockwipe");
        stage.setScene(view.scene());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        view.closeOnRequest(Platform::exit);
        stage.show();
        view.start();
    }
}
