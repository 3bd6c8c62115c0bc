package dev.blockwipe.ui;

import dev.blockwipe.linux.Blkid;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.linux.TestDisks;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Stage;

/** The desktop application: wires the services, shows the main window, asks before it quits. */
public final class BlockwipeApp extends Application {
    private MainViewModel vm;
    private MainView view;

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
        vm = new MainViewModel(linuxServices());
        view = new MainView(vm, stage);
        stage.setTitle("Blockwipe");
        stage.setScene(view.scene());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        stage.setOnCloseRequest(e -> {
            e.consume();
            quit(stage);
        });
        stage.show();
        view.start();
    }

    /** Asks before cancelling running jobs, offers to remove test disks, then exits. */
    private void quit(Stage stage) {
        if (vm.hasActiveJobs()) {
            Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "They stop after the requests in flight; the devices are"
                    + " left partly wiped.", ButtonType.YES, ButtonType.NO);
            ask.initOwner(stage);
            ask.setHeaderText("Wipes are running. Cancel them and quit?");
            if (ask.showAndWait().filter(b -> b == ButtonType.YES).isEmpty()) {
                return;
            }
        }
        view.stop();
        vm.close();
        if (!vm.testDisks().isEmpty()) {
            Alert ask = new Alert(Alert.AlertType.CONFIRMATION, String.join("\n", vm.testDisks().stream()
                    .map(d -> d.device() + " (" + d.image() + ")").toList()), ButtonType.YES, ButtonType.NO);
            ask.initOwner(stage);
            ask.setHeaderText("Remove the test disks made in this session?");
            if (ask.showAndWait().filter(b -> b == ButtonType.YES).isPresent()) {
                List<String> problems = vm.removeTestDisks();
                if (!problems.isEmpty()) {
                    new Alert(Alert.AlertType.WARNING, String.join("\n", problems), ButtonType.OK).showAndWait();
                }
            }
        }
        Platform.exit();
    }
}
