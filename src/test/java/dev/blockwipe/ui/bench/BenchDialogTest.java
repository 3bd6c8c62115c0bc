package dev.blockwipe.ui.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FxWait;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.RadioButton;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The benchmark dialog as a user drives it: nothing runs until Start, the table, the graph across
 * the device and the access times fill in, the figures are saved, Start becomes Re-run; writing
 * is not offered where a wipe would not be.
 */
@ExtendWith(ApplicationExtension.class)
class BenchDialogTest {
    @TempDir
    Path dir;
    private Stage stage;
    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        background.shutdownNow();
        FxToolkit.cleanupStages();
    }

    @Test
    void startMeasuresFillsTheDialogAndSavesThenOffersReRun(FxRobot robot) throws Exception {
        byte[] data = new byte[4 << 20];
        new Random(9).nextBytes(data);
        Path img = Files.write(dir.resolve("dialog.img"), data);
        BenchViewModel vm = BenchFixtures.benchmark(dir, img, "", Platform::runLater, background);
        Platform.runLater(() -> BenchDialog.show(vm, stage));
        FxWait.until(() -> robot.lookup("#bench-start").tryQuery().isPresent());
        Button start = robot.lookup("#bench-start").queryButton();
        assertThat(start.getText()).isEqualTo("_Start");
        assertThat(vm.matrix()).as("nothing measured on opening").isEmpty();
        assertThat(robot.lookup(".dialog-pane").queryAs(DialogPane.class).getHeaderText())
                .isEqualTo("dialog.img (4 MiB Image): choose the settings, then Start");

        robot.clickOn(start);
        FxWait.until(() -> !robot.lookup("#bench-saved").queryAs(Labeled.class).getText().isEmpty());

        assertThat(robot.lookup("#bench-saved").queryAs(Labeled.class).getText()).startsWith("Saved to "
                + BenchFixtures.reports(dir));
        assertThat(robot.lookup("#bench-status").queryAs(Labeled.class).getText()).startsWith("Fastest read: ");
        assertThat(robot.lookup("#bench-profile").<XYChart<Number, Number>>query().getData().get(0).getData())
                .hasSize(3);
        assertThat(robot.lookup("#bench-access").<XYChart<Number, Number>>query().getData().get(0).getData())
                .hasSize(25);
        assertThat(start.getText()).isEqualTo("_Re-run");
        assertThat(robot.lookup(".dialog-pane").queryAs(DialogPane.class).getHeaderText())
                .startsWith("dialog.img (4 MiB Image): reads measured, fastest read ").endsWith("Re-run, or Close.");
        assertThat(Files.readAllBytes(img)).as("read only").isEqualTo(data);
    }

    @Test
    void writingIsNotOfferedWhereAWipeWouldNotBe(FxRobot robot) throws Exception {
        Path img = Files.write(dir.resolve("held.img"), new byte[1 << 20]);
        BenchViewModel vm = BenchFixtures.benchmark(dir, img, "blocked: mounted at /mnt/x", Platform::runLater,
                background);
        Platform.runLater(() -> BenchDialog.show(vm, stage));
        FxWait.until(() -> robot.lookup("#bench-write").tryQuery().isPresent());

        RadioButton write = robot.lookup("#bench-write").queryAs(RadioButton.class);
        assertThat(write.isDisabled()).isTrue();
    }

}
