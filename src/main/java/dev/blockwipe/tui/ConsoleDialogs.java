package dev.blockwipe.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.blockwipe.report.Settings;
import dev.blockwipe.service.ConfirmationWord;
import dev.blockwipe.ui.DialogService;
import dev.blockwipe.ui.bench.BenchViewModel;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The view models' questions, asked on the console: each holds the screen until it is answered
 * (see {@link Modal}). What the console does not offer (image files, settings, benchmarks) says
 * which command does it.
 */
final class ConsoleDialogs implements DialogService {
    private final Modal.Runner runner;

    ConsoleDialogs(Modal.Runner runner) {
        this.runner = runner;
    }

    @Override
    public boolean confirm(String header, String text) {
        Page page = new Page(header, text, "y yes   n no", k -> k.getKeyType() == KeyType.Character
                && "yYnN".indexOf(k.getCharacter()) >= 0 || k.getKeyType() == KeyType.Escape);
        runner.run(page);
        return page.last != null && page.last.getKeyType() == KeyType.Character
                && Character.toLowerCase(page.last.getCharacter()) == 'y';
    }

    @Override
    public void error(String header, String text) {
        runner.run(new Page(header, text, "Enter or Esc: back", k -> k.getKeyType() == KeyType.Enter
                || k.getKeyType() == KeyType.Escape));
    }

    @Override
    public boolean confirmTyped(String title, String header, String expected) {
        Typed typed = new Typed(title, header, expected);
        runner.run(typed);
        return typed.confirmed;
    }

    @Override
    public boolean showWipeDialog(WipeDialogViewModel dialog) {
        WipeForm form = new WipeForm(dialog);
        runner.run(form);
        return form.confirmed();
    }

    @Override
    public Optional<Path> chooseImageFile() {
        error("Image files", "The console UI lists devices; wipe an image file with: blockwipe wipe FILE");
        return Optional.empty();
    }

    @Override
    public Optional<Settings> editSettings(Settings current) {
        error("Settings", "Edit " + current.configDir().resolve(Settings.FILE) + " or use the window's Settings.");
        return Optional.empty();
    }

    @Override
    public void showBenchmark(BenchViewModel bench) {
        error("Benchmark", "Measure a device with: blockwipe bench DEVICE");
    }

    /** A heading, text and the keys that answer it. */
    private static final class Page implements Modal {
        private final String header;
        private final String text;
        private final String keys;
        private final java.util.function.Predicate<KeyStroke> answers;
        private KeyStroke last;

        Page(String header, String text, String keys, java.util.function.Predicate<KeyStroke> answers) {
            this.header = header;
            this.text = text;
            this.keys = keys;
            this.answers = answers;
        }

        @Override
        public void draw(Canvas c) {
            c.clear();
            c.line(0, " " + header, true, Canvas.Tone.PLAIN);
            List<String> lines = Text.wrap(text, c.width() - 2);
            for (int i = 0; i < lines.size() && i + 2 < c.height() - 1; i++) {
                c.line(i + 2, " " + lines.get(i));
            }
            c.line(c.height() - 1, " " + keys, true, Canvas.Tone.PLAIN);
        }

        @Override
        public boolean key(KeyStroke k) {
            last = k;
            return answers.test(k);
        }
    }

    /** Type a word to confirm (resume an interrupted wipe). */
    private static final class Typed implements Modal {
        private final String title;
        private final String header;
        private final String expected;
        private final StringBuilder typed = new StringBuilder();
        private boolean confirmed;

        Typed(String title, String header, String expected) {
            this.title = title;
            this.header = header;
            this.expected = expected;
        }

        @Override
        public void draw(Canvas c) {
            c.clear();
            c.line(0, " " + title, true, Canvas.Tone.PLAIN);
            List<String> lines = Text.wrap(header, c.width() - 2);
            int row = 2;
            for (String l : lines) {
                c.line(row++, " " + l);
            }
            c.bold(row + 1, " Type " + expected + " to confirm: " + typed + "_");
            c.line(c.height() - 1, " Enter confirm   Esc cancel", true, Canvas.Tone.PLAIN);
        }

        @Override
        public boolean key(KeyStroke k) {
            return switch (k.getKeyType()) {
                case Escape -> true;
                case Enter -> {
                    confirmed = ConfirmationWord.matches(typed.toString(), expected);
                    yield confirmed;
                }
                case Backspace -> {
                    typed.setLength(Math.max(0, typed.length() - 1));
                    yield false;
                }
                case Character -> {
                    typed.append(k.getCharacter());
                    yield false;
                }
                default -> false;
            };
        }
    }
}
