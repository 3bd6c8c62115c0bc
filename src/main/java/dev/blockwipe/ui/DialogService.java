package dev.blockwipe.ui;

import dev.blockwipe.report.Settings;
import dev.blockwipe.ui.bench.BenchViewModel;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The questions and messages the view-models put to the user. The window answers them with
 * JavaFX dialogs ({@link FxDialogs}); view-model tests answer them with a fake, so what is asked
 * and what an answer does are tested without a Stage.
 */
public interface DialogService {
    /** A Yes/No question; true for Yes. */
    boolean confirm(String header, String text);

    void error(String header, String text);

    /** Asks the user to type {@code expected}; true only when that was typed and confirmed. */
    boolean confirmTyped(String title, String header, String expected);

    /** The wipe dialog; true when the user typed the confirmation and pressed Wipe. */
    boolean showWipeDialog(WipeDialogViewModel dialog);

    /** The image file to add, or empty when the user chose none. */
    Optional<Path> chooseImageFile();

    /** The settings as the user changed them, or empty when the edit was cancelled. */
    Optional<Settings> editSettings(Settings current);

    void showBenchmark(BenchViewModel bench);
}
