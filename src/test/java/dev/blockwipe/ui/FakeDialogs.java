package dev.blockwipe.ui;

import dev.blockwipe.report.Settings;
import dev.blockwipe.ui.bench.BenchViewModel;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A {@link DialogService} for view-model tests: it records every question and error by its
 * header, and answers from a script (Yes/No, a typed confirmation, a chosen file); an
 * unscripted question is a test failure.
 */
public final class FakeDialogs implements DialogService {
    private final Deque<Boolean> answers = new ArrayDeque<>();
    private final List<String> asked = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final List<WipeDialogViewModel> wipeDialogs = new ArrayList<>();
    private Path file;
    private Settings edited;
    private Consumer<WipeDialogViewModel> fill = d -> { };

    /** The next questions' answers, in order. */
    public FakeDialogs answer(boolean... next) {
        for (boolean b : next) {
            answers.add(b);
        }
        return this;
    }

    /** What the user sets in a wipe dialog answered Yes, before the typed confirmation. */
    FakeDialogs fillWipeDialog(Consumer<WipeDialogViewModel> settings) {
        fill = settings;
        return this;
    }

    public FakeDialogs choose(Path chosen) {
        file = chosen;
        return this;
    }

    public List<String> asked() {
        return asked;
    }

    public List<String> errors() {
        return errors;
    }

    List<WipeDialogViewModel> wipeDialogs() {
        return wipeDialogs;
    }

    @Override
    public boolean confirm(String header, String text) {
        return next(header);
    }

    @Override
    public void error(String header, String text) {
        errors.add(header + ": " + text);
    }

    @Override
    public boolean confirmTyped(String title, String header, String expected) {
        return next(title + ": type " + expected);
    }

    @Override
    public boolean showWipeDialog(WipeDialogViewModel dialog) {
        wipeDialogs.add(dialog);
        boolean wipe = next("wipe dialog");
        if (wipe) {
            fill.accept(dialog);
            dialog.confirmation().typedProperty().set(dialog.confirmation().expected());
        }
        return wipe;
    }

    @Override
    public Optional<Path> chooseImageFile() {
        return Optional.ofNullable(file);
    }

    @Override
    public Optional<Settings> editSettings(Settings current) {
        if (edited == null) {
            throw new AssertionError("no settings dialog expected");
        }
        return Optional.of(edited);
    }

    /** The settings the next Settings… dialog is closed with. */
    public void settingsAnswer(Settings changed) {
        edited = changed;
    }

    @Override
    public void showBenchmark(BenchViewModel bench) {
        throw new AssertionError("no benchmark dialog expected");
    }

    private boolean next(String question) {
        asked.add(question);
        if (answers.isEmpty()) {
            throw new AssertionError("unexpected question: " + question);
        }
        return answers.poll();
    }
}
