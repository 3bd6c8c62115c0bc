package dev.blockwipe.ui;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.kordamp.ikonli.feather.Feather;

/**
 * Help › User guide (offline): the README and the guides as the packages and the bundle install
 * them (share/doc/blockwipe in the application's folder, and /usr/share/doc/blockwipe), opened
 * with the desktop's own program; where that cannot be (a lone jar, a rescue console without a
 * viewer, root that cannot name the desktop's user), the guides the jar carries are shown in a
 * window.
 */
final class UserGuide {
    /** The guides in the jar (pom.xml copies them there), with their tab titles. */
    private static final List<Guide> CARRIED = List.of(new Guide("README.md", "Blockwipe"), new Guide("window.md", "The window"),
            new Guide("safety.md", "Safety"));

    private record Guide(String file, String title) {
    }

    private UserGuide() {
    }

    /** Opens the installed README with the desktop's program; when that cannot be, shows the carried guides, and why. */
    static void open(DesktopOpener opener, Stage owner) {
        opener.open(installed(), problem -> show(owner, problem + ". Here are the guides this Blockwipe carries."));
    }

    /**
     * The README the packages and the bundle install in the application's folder, beside the jar's
     * (lib/app/blockwipe.jar → share/doc/blockwipe/README.md); run from a lone jar, there is none.
     */
    private static Path installed() {
        try {
            Path app = Path.of(UserGuide.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent();
            return app.resolve("../../share/doc/blockwipe/README.md").normalize();
        } catch (URISyntaxException | RuntimeException e) {
            // no file location for the classes (a class loader that gives none, a jar at the root):
            // the packages' folder, which the opener reports missing where it is not there
            return Path.of("/opt/blockwipe/share/doc/blockwipe/README.md");
        }
    }

    /** The carried guides, a tab each, under {@code why} there is no program to open the installed ones. */
    static void show(Stage owner, String why) {
        TabPane tabs = new TabPane();
        for (Guide guide : CARRIED) {
            TextArea text = new TextArea(carried(guide.file()));
            text.setEditable(false);
            text.setWrapText(true);
            text.getStyleClass().add(Styles.GUIDE);
            Tab tab = new Tab(guide.title(), text);
            tab.setClosable(false);
            tabs.getTabs().add(tab);
        }
        Label reason = new Label(why);
        reason.setWrapText(true);
        reason.getStyleClass().add(Styles.MUTED);
        VBox content = new VBox(6, reason, tabs);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        content.setPrefSize(Math.min(900, owner.getWidth() - 60), Math.max(300, owner.getHeight() - 300));
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Blockwipe user guide");
        dialog.setHeaderText("User guide");
        dialog.setGraphic(Glyphs.dialog(Feather.BOOK_OPEN, Styles.ACCENT));
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.getDialogPane().setContent(new BorderPane(content));
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.setResizable(true);
        dialog.show();
    }

    private static String carried(String name) {
        try (InputStream in = UserGuide.class.getResourceAsStream("guide/" + name)) {
            return in == null ? name + " is missing from this build." : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "Cannot read " + name + ": " + e.getMessage();
        }
    }
}
