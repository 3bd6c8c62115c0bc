package dev.blockwipe.tui;

import com.googlecode.lanterna.input.KeyStroke;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.ui.dialogs.VerifyChoice;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.ArrayList;
import java.util.List;

/**
 * The window's wipe dialog ({@link WipeDialogViewModel}) on the console: the targets as their open
 * descriptors describe them, the method (the window's list: the overwrite and range methods, and
 * the drive's own erases once every drive offers them), the read-back, how long it will take, what
 * the result will not prove, and the typed confirmation with the window's rules. Arrow keys choose;
 * every other character is typed into the confirmation, so no letter can start the wipe.
 */
final class WipeForm implements Modal {
    /** Methods shown at once; the list scrolls. */
    private static final int METHOD_ROWS = 7;

    private final WipeDialogViewModel d;
    private final StringBuilder typed = new StringBuilder();
    private boolean confirmed;
    private String refusal = "";

    WipeForm(WipeDialogViewModel dialog) {
        this.d = dialog;
    }

    boolean confirmed() {
        return confirmed;
    }

    private List<WipeMethod> methods() {
        List<WipeMethod> all = new ArrayList<>(d.methods());
        all.addAll(d.firmwareMethods());
        return all;
    }

    @Override
    public void draw(Canvas c) {
        c.clear();
        int n = d.targets().size();
        c.line(0, " Wipe " + (n == 1 ? d.targets().get(0).name() : n + " devices"), true, Canvas.Tone.PLAIN);
        int row = 1;
        for (int i = 0; i < Math.min(n, 3); i++) {
            c.line(row++, " " + WipeDialogViewModel.describe(d.targets().get(i)));
        }
        if (n > 3) {
            c.line(row++, " and " + (n - 3) + " more");
        }
        row++;
        c.bold(row++, " Method (Up/Down)");
        List<WipeMethod> methods = methods();
        int at = Math.max(0, methods.indexOf(d.methodProperty().get()));
        int first = Math.max(0, Math.min(at - METHOD_ROWS / 2, methods.size() - METHOD_ROWS));
        for (int i = first; i < Math.min(methods.size(), first + METHOD_ROWS); i++) {
            WipeMethod m = methods.get(i);
            c.line(row++, (i == at ? " > " : "   ") + Text.fit(m.name(), 18) + " " + WipeDialogViewModel.describe(m),
                    i == at, Canvas.Tone.PLAIN);
        }
        if (!d.firmwareNoteProperty().get().isEmpty()) {
            c.line(row++, "   " + d.firmwareNoteProperty().get());
        }
        c.bold(row++, " Read-back (Left/Right): < " + d.verifyProperty().get() + " >");
        RowFacts first1 = d.targets().get(0);
        c.line(row++, " Takes " + d.estimate(first1) + (n > 1 ? " for " + first1.name() : ""));
        for (String note : notes(first1)) {
            for (String l : Text.wrap(note, c.width() - 3)) {
                if (row < c.height() - 4) {
                    c.line(row++, "  " + l, false, Canvas.Tone.BAD);
                }
            }
        }
        int bottom = c.height() - 1;
        if (!refusal.isEmpty()) {
            c.line(bottom - 3, " " + refusal, false, Canvas.Tone.BAD);
        }
        c.line(bottom - 2, " All data on " + (n == 1 ? first1.name() : "these " + n + " devices") + " will be destroyed.");
        c.bold(bottom - 1, " Type " + d.confirmation().expected() + " to confirm: " + typed + "_");
        c.line(bottom, " Enter wipe   Esc cancel   Up/Down method   Left/Right read-back", true, Canvas.Tone.PLAIN);
    }

    /** Why the options cannot run, what the result will not prove, what no overwrite reaches. */
    private List<String> notes(RowFacts target) {
        List<String> notes = new ArrayList<>();
        for (String s : new String[] {d.problemProperty().get(), d.methodNoticeProperty().get(),
            d.readBackNoteProperty().get(), d.unproven(target), d.clearLimitation(target)}) {
            if (!s.isEmpty()) {
                notes.add(s);
            }
        }
        return notes;
    }

    @Override
    public boolean key(KeyStroke k) {
        refusal = "";
        switch (k.getKeyType()) {
            case Escape:
                return true;
            case ArrowUp:
                moveMethod(-1);
                return false;
            case ArrowDown:
                moveMethod(1);
                return false;
            case ArrowLeft:
                moveVerify(-1);
                return false;
            case ArrowRight:
                moveVerify(1);
                return false;
            case Backspace:
                typed.setLength(Math.max(0, typed.length() - 1));
                d.confirmation().typedProperty().set(typed.toString());
                return false;
            case Character:
                typed.append(k.getCharacter());
                d.confirmation().typedProperty().set(typed.toString());
                return false;
            case Enter:
                if (d.canWipeProperty().get()) {
                    confirmed = true;
                    return true;
                }
                refusal = !d.problemProperty().get().isEmpty() ? "Cannot wipe: " + d.problemProperty().get()
                        : "Type " + d.confirmation().expected() + " exactly to confirm.";
                return false;
            default:
                return false;
        }
    }

    private void moveMethod(int step) {
        List<WipeMethod> methods = methods();
        int at = methods.indexOf(d.methodProperty().get());
        int next = Math.max(0, Math.min(methods.size() - 1, at + step));
        d.methodProperty().set(methods.get(next));
    }

    private void moveVerify(int step) {
        VerifyChoice[] all = VerifyChoice.values();
        int next = Math.floorMod(d.verifyProperty().get().ordinal() + step, all.length);
        d.verifyProperty().set(all[next]);
    }
}
