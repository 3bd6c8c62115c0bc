package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.util.List;
import java.util.Optional;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * The look of the window over a fake sysfs: AtlantaFX's theme for every window, dark after the
 * desktop until the user picks, the keyboard shortcuts read from the menus, and the disabled
 * Wipe… saying why.
 */
class LookTest extends WindowFixture {
    /** Where Tooltip.install keeps a node's tooltip (javafx.scene.control.Tooltip#TOOLTIP_PROP_KEY). */
    private static final String TOOLTIP = "javafx.scene.control.Tooltip";


    @Test
    void theThemeIsLightUntilTheDesktopPrefersDarkAndTheUsersChoiceThenStands(FxRobot robot) {
        open(robot, true);
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerLight().getUserAgentStylesheet());

        robot.interact(() -> view.theme().follow(Runnable::run, Runnable::run, Optional::empty));
        assertThat(Application.getUserAgentStylesheet()).as("the desktop says nothing").isEqualTo(new PrimerLight().getUserAgentStylesheet());

        robot.interact(() -> view.theme().follow(Runnable::run, Runnable::run, () -> Optional.of(true)));
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerDark().getUserAgentStylesheet());
        ToggleButton dark = robot.lookup("#dark").queryAs(ToggleButton.class);
        assertThat(dark.isSelected()).isTrue();

        robot.clickOn(dark);
        assertThat(Application.getUserAgentStylesheet()).as("the user chose light").isEqualTo(new PrimerLight().getUserAgentStylesheet());
        robot.interact(() -> view.theme().follow(Runnable::run, Runnable::run, () -> Optional.of(true)));
        assertThat(Application.getUserAgentStylesheet()).as("the desktop does not overrule the user")
                .isEqualTo(new PrimerLight().getUserAgentStylesheet());
        assertThat(dark.isSelected()).isFalse();
    }

    @Test
    void theUsersChoiceIsKeptForTheNextStartWhereTheDesktopNoLongerCounts(FxRobot robot) throws Exception {
        open(robot, true);
        robot.clickOn("#dark");
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerDark().getUserAgentStylesheet());
        vm.close();

        open(robot, true);
        assertThat(Application.getUserAgentStylesheet()).as("the next start").isEqualTo(new PrimerDark().getUserAgentStylesheet());
        robot.interact(() -> view.theme().follow(Runnable::run, Runnable::run, () -> Optional.of(false)));
        assertThat(Application.getUserAgentStylesheet()).as("the desktop does not overrule last session's choice")
                .isEqualTo(new PrimerDark().getUserAgentStylesheet());
        assertThat(robot.lookup("#dark").queryAs(ToggleButton.class).isSelected()).isTrue();
    }

    @Test
    void theShortcutsDialogListsEveryMenuAcceleratorAndToolbarKey(FxRobot robot) {
        open(robot, true);
        robot.clickOn("Help").clickOn("Keyboard shortcuts");
        @SuppressWarnings("unchecked")
        TableView<KeyboardShortcuts.Shortcut> table = robot.lookup("#shortcuts").queryAs(TableView.class);
        List<KeyboardShortcuts.Shortcut> listed = List.copyOf(table.getItems());

        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        int accelerators = 0;
        for (Menu menu : bar.getMenus()) {
            for (MenuItem item : menu.getItems()) {
                if (item.getAccelerator() != null) {
                    accelerators++;
                    assertThat(listed).as(item.getText()).contains(new KeyboardShortcuts.Shortcut(item.getAccelerator().getDisplayText(),
                            menu.getText().replace("_", "") + " › " + item.getText().replace("_", "")));
                }
            }
        }
        assertThat(accelerators).as("Ctrl+O, Ctrl+comma, Ctrl+Q, F5, Ctrl+E, Ctrl+B, Ctrl+I, Ctrl+T, F11, Ctrl+R, F1").isEqualTo(11);
        assertThat(listed).contains(new KeyboardShortcuts.Shortcut("Alt+W", "Toolbar › Wipe…"),
                new KeyboardShortcuts.Shortcut("Alt+H", "Open the Help menu"));
        assertThat(listed).containsAll(KeyboardShortcuts.TREE_KEYS);
        robot.clickOn("Close");
        assertThat(robot.lookup("#shortcuts").tryQuery()).isEmpty();
    }

    @Test
    void theDisabledWipeSaysWhyAsTheSelectionAndTheVerdictChange(FxRobot robot) throws Exception {
        open(robot, true);
        Button wipe = robot.lookup("#wipe").queryButton();
        assertThat(wipe.isDisabled()).isTrue();
        assertThat(tooltip(wipe)).contains(WipeUnavailable.NOTHING);

        robot.interact(() -> vm.devices().selectedProperty().set(row("sdb1")));
        assertThat(wipe.isDisabled()).isFalse();
        assertThat(tooltip(wipe)).as("nothing to explain").isEmpty();

        usage = mounted("8:17", "/mnt/data");
        robot.interact(this::rescanWindow);
        assertThat(wipe.isDisabled()).isTrue();
        assertThat(tooltip(wipe)).hasValueSatisfying(t -> assertThat(t).startsWith("Cannot wipe sdb1: blocked: ").contains("/mnt/data"));

        robot.interact(() -> row("sdc").checkedProperty().set(true));
        assertThat(wipe.isDisabled()).as("sdc is ticked").isFalse();
        assertThat(tooltip(wipe)).isEmpty();
    }

    @Test
    void theDisabledWipeSaysThatDevicesNeedRoot(FxRobot robot) {
        open(robot, false);
        robot.interact(() -> vm.devices().selectedProperty().set(row("sdc")));
        Button wipe = robot.lookup("#wipe").queryButton();
        assertThat(wipe.isDisabled()).isTrue();
        assertThat(tooltip(wipe)).hasValue("Cannot wipe sdc: wiping devices needs root." + WipeUnavailable.NOT_ROOT);
    }

    /** The tooltip the user sees on the button: a disabled button's sits on its holder. */
    private static Optional<String> tooltip(Button button) {
        Node holder = button.getParent();
        return Optional.ofNullable((Tooltip) holder.getProperties().get(TOOLTIP)).map(Tooltip::getText);
    }
}
