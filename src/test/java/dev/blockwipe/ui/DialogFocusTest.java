package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testfx.api.FxRobot;

/**
 * Issue 38's focus traps, in the window with its own dialogs over a fake sysfs: after the wipe
 * dialog the focus was on "Create test disk…", and the next Space opened "Create a test disk?"
 * with Yes as the default; the quit question during wipes defaulted to Yes too.
 */
class DialogFocusTest extends WindowFixture {
    private FxDialogs fxDialogs;
    private final AtomicBoolean exited = new AtomicBoolean();

    DialogFocusTest() {
        super(true);
    }

    /** Quits as the user does, which stops the window's frames, before the executor goes. */
    @Override
    protected void closeViewModel() throws Exception {
        Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        FxWait.until(exited::get);
        super.closeViewModel();
    }

    /** The window with its own dialogs, started as the application starts it. */
    private void open(FxRobot robot) throws Exception {
        open(robot, true);
        FxWait.until(() -> find("sdc").isPresent());
    }

    @Override
    protected MainViewModel viewModel(Services services) {
        fxDialogs = new FxDialogs(stage);
        return new MainViewModel(services, fxDialogs);
    }

    @Override
    protected void started() {
        view.closeOnRequest(() -> exited.set(true));
        view.start();
    }

    /** The keys that answer a question without the mouse. */
    enum Answer {
        ENTER(KeyCode.ENTER), SPACE(KeyCode.SPACE), ESCAPE(KeyCode.ESCAPE);

        final KeyCode key;

        Answer(KeyCode key) {
            this.key = key;
        }
    }

    @ParameterizedTest
    @EnumSource(Answer.class)
    void aQuestionWhoseYesDestroysAnswersNoToTheKeyboard(Answer answer, FxRobot robot) throws Exception {
        open(robot);
        AtomicReference<Boolean> said = new AtomicReference<>();
        Platform.runLater(() -> said.set(fxDialogs.confirm("Cancel all 2 jobs?", "Every running and queued job stops.")));
        FxWait.until(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        Button no = robot.from(pane).lookup((Button b) -> "No".equals(b.getText())).query();
        Button yes = robot.from(pane).lookup((Button b) -> "Yes".equals(b.getText())).query();

        assertThat(no.isDefaultButton()).isTrue();
        assertThat(yes.isDefaultButton()).isFalse();
        assertThat(no.isFocused()).as("Space presses the focused button").isTrue();
        robot.type(answer.key);
        FxWait.until(() -> said.get() != null);
        assertThat(said.get()).as("No").isFalse();
    }

    @Test
    void yesIsStillThereForTheMouse(FxRobot robot) throws Exception {
        open(robot);
        AtomicReference<Boolean> said = new AtomicReference<>();
        Platform.runLater(() -> said.set(fxDialogs.confirm("Cancel all 2 jobs?", "Every running and queued job stops.")));
        FxWait.until(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        robot.clickOn("Yes");
        FxWait.until(() -> said.get() != null);
        assertThat(said.get()).isTrue();
    }

    /**
     * The wipe of an image file, started with the mouse from the toolbar: afterwards the keyboard
     * is on the tree's selected row (the image's), so Space ticks it and opens nothing.
     */
    @Test
    void afterTheWipeDialogTheKeyboardIsOnTheSelectedRow(FxRobot robot) throws Exception {
        open(robot);
        String file = image("disk.img").toString();
        AtomicReference<DeviceRow> added = new AtomicReference<>();
        robot.interact(() -> vm.devices().addImageFile(file).thenAccept(added::set));
        FxWait.until(() -> added.get() != null && robot.lookup((TreeTableCell<?, ?> c) -> "disk.img".equals(c.getText()))
                .tryQuery().isPresent());
        DeviceRow image = added.get();
        RowClicks.select(robot, "disk.img");
        assertThat(vm.devices().selectedProperty().get()).isSameAs(image);

        robot.clickOn("#wipe");
        FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());
        robot.clickOn("#confirmation").write("disk.img");
        robot.clickOn("#confirm-wipe");
        FxWait.until(() -> !vm.jobs().jobs().isEmpty());
        JobViewModel job = vm.jobs().jobs().get(0);
        FxWait.until(() -> job.stateProperty().get().finished());

        @SuppressWarnings("unchecked")
        TreeTableView<DeviceRow> tree = robot.lookup(".tree-table-view").queryAs(TreeTableView.class);
        FxWait.until(() -> stage.getScene().getFocusOwner() == tree);
        assertThat(tree.getFocusModel().getFocusedItem().getValue()).as("the selected row has the keyboard").isSameAs(image);
        robot.type(KeyCode.SPACE);
        FxWait.until(() -> image.checkedProperty().get());
        assertThat(Window.getWindows().stream().filter(w -> w instanceof Stage)).as("no dialog opened").containsExactly(stage);
    }

    /** Tab from the toolbar lands on the tree's selected row, not on the first row's check box. */
    @Test
    void tabIntoTheTreeLandsOnTheSelectedRow(FxRobot robot) throws Exception {
        open(robot);
        RowClicks.select(robot, "sdc");
        assertThat(vm.devices().selectedProperty().get()).isSameAs(find("sdc").orElseThrow());
        @SuppressWarnings("unchecked")
        TreeTableView<DeviceRow> tree = robot.lookup(".tree-table-view").queryAs(TreeTableView.class);
        robot.interact(() -> robot.lookup("#wipe").query().requestFocus());

        for (int i = 0; i < 20 && !inTree(tree, stage.getScene().getFocusOwner()); i++) {
            robot.type(KeyCode.TAB);
        }
        assertThat(stage.getScene().getFocusOwner()).as("the tree itself, not a check box in it").isSameAs(tree);
        assertThat(tree.getFocusModel().getFocusedItem().getValue()).isSameAs(find("sdc").orElseThrow());

        robot.type(KeyCode.TAB);
        assertThat(inTree(tree, stage.getScene().getFocusOwner())).as("the next Tab leaves the tree").isFalse();
        robot.push(KeyCode.SHIFT, KeyCode.TAB);
        assertThat(stage.getScene().getFocusOwner()).as("Shift+Tab comes back to the tree, not to its last check box")
                .isSameAs(tree);
        assertThat(tree.getFocusModel().getFocusedItem().getValue()).isSameAs(find("sdc").orElseThrow());
    }

    private static boolean inTree(Node tree, Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == tree) {
                return true;
            }
        }
        return false;
    }
}
