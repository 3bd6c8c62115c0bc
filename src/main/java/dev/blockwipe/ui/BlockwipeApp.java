package dev.blockwipe.ui;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/** The desktop application. */
public final class BlockwipeApp extends Application {

    public static void launchApp(String[] args) {
        Application.launch(BlockwipeApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Label title = new Label("Blockwipe");
        title.setStyle("-fx-font-size: 20px; -fx-font-weight: bold;");
        Label text = new Label("The device view comes with the desktop application.\n"
                + "Until then, wipe from a terminal: blockwipe wipe --help");
        VBox root = new VBox(12, title, text);
        root.setPadding(new Insets(24));
        stage.setTitle("Blockwipe");
        stage.setScene(new Scene(root, 520, 200));
        stage.show();
    }
}
