package dev.blockwipe.ui;

import dev.blockwipe.ui.tree.FilterBar;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.kordamp.ikonli.feather.Feather;

/**
 * Help › Keyboard shortcuts: every menu's key, every menu item's accelerator and every toolbar
 * button's Alt key, read from the controls themselves (so the list cannot drift from them), then
 * the keys of the device tree, which the tree control brings.
 */
final class KeyboardShortcuts {
    /** One key and what it does. */
    record Shortcut(String keys, String action) {
    }

    static final List<Shortcut> TREE_KEYS = List.of(
            new Shortcut("Up, Down, Page Up, Page Down, Home, End", "Device tree › move the selection"),
            new Shortcut("Right, Left", "Device tree › show, hide a disk's partitions"),
            new Shortcut("Space", "Device tree › tick or untick the selected device"),
            new Shortcut(FilterBar.FIND.getDisplayText(), "Device tree › search (Esc empties it and goes back to the tree)"),
            new Shortcut("Tab, Shift+Tab", "Move between the toolbar, the tree, the details and the jobs"),
            new Shortcut("F10", "Open the first menu"),
            new Shortcut("Esc", "Close a dialog without doing anything; leave the monitor view"));

    private KeyboardShortcuts() {
    }

    /** The keys of {@code menus} and {@code toolbar}, in their order, then {@link #TREE_KEYS}. */
    static List<Shortcut> of(MenuBar menus, ToolBar toolbar) {
        List<Shortcut> keys = new ArrayList<>();
        for (Menu menu : menus.getMenus()) {
            String name = plain(menu.getText());
            mnemonic(menu.getText()).ifPresent(k -> keys.add(new Shortcut(k, "Open the " + name + " menu")));
            for (MenuItem item : menu.getItems()) {
                if (item.getAccelerator() != null) {
                    keys.add(new Shortcut(item.getAccelerator().getDisplayText(), name + " › " + plain(item.getText())));
                }
            }
        }
        toolbar.getItems().stream().flatMap(KeyboardShortcuts::labelled).forEach(button -> mnemonic(button.getText())
                .ifPresent(k -> keys.add(new Shortcut(k, "Toolbar › " + plain(button.getText())))));
        keys.addAll(TREE_KEYS);
        return keys;
    }

    /** The buttons of a toolbar item: itself, or those in the holder that gives a disabled one its tooltip. */
    private static Stream<Labeled> labelled(Node item) {
        if (item instanceof Labeled l) {
            return Stream.of(l);
        }
        return item instanceof Pane holder ? holder.getChildren().stream().flatMap(KeyboardShortcuts::labelled) : Stream.empty();
    }

    /** "Alt+W" for "_Wipe…"; empty when the text has no underlined letter. */
    private static Optional<String> mnemonic(String text) {
        int at = text == null ? -1 : text.indexOf('_');
        return at < 0 || at + 1 >= text.length() ? Optional.empty()
                : Optional.of("Alt+" + text.substring(at + 1, at + 2).toUpperCase(Locale.ROOT));
    }

    private static String plain(String text) {
        return text.replace("_", "");
    }

    static void show(List<Shortcut> keys, Stage owner) {
        TableView<Shortcut> table = new TableView<>();
        table.getItems().setAll(keys);
        TableColumn<Shortcut, String> key = new TableColumn<>("Key");
        key.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().keys()));
        key.setPrefWidth(250);
        TableColumn<Shortcut, String> action = new TableColumn<>("What it does");
        action.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().action()));
        table.getColumns().add(key);
        table.getColumns().add(action);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setId("shortcuts");
        table.setPrefSize(680, Math.max(240, Math.min(520, owner.getHeight() - 260)));
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Keyboard shortcuts");
        dialog.setHeaderText("Keyboard shortcuts");
        dialog.setGraphic(Glyphs.dialog(Feather.COMMAND, Styles.ACCENT));
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.getDialogPane().setContent(table);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.setResizable(true);
        dialog.show();
    }
}
