package dev.blockwipe.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import com.googlecode.lanterna.terminal.ansi.UnixLikeTerminal;
import com.googlecode.lanterna.terminal.ansi.UnixTerminal;
import dev.blockwipe.engine.Units;
import dev.blockwipe.ui.MainViewModel;
import dev.blockwipe.ui.Notice;
import dev.blockwipe.ui.Services;
import dev.blockwipe.ui.Startup;
import dev.blockwipe.ui.identify.IdentifyModel;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The console UI ({@code blockwipe tui}): the window's view models ({@link MainViewModel}: the
 * device tree, the jobs, the session) drawn as text on a terminal, keyboard only, 80×24 and up.
 * One thread, this one, runs the view models' work ({@link UiThread}) between key strokes and
 * frames; scans, probes, admission and the wipes themselves run on the background and job threads
 * the view models already use, so the screen never waits on a device.
 */
public final class ConsoleUi {
    /** The key bar: always on the last line. */
    static final String KEYS = " Space tick  Enter/w wipe  r rescan  c cancel jobs  s summary  q quit  ? help";
    static final String HELP = "Up/Down move, Space ticks a device (blocked ones cannot be), Enter or w wipes the ticked"
            + " devices (or the one under the cursor): choose the method and read-back, then type the confirmation."
            + " The jobs run in the background; their lines show progress, speed and time left. s shows the summary with"
            + " each device's result and certificate; c cancels the running jobs; r scans the devices again; q quits"
            + " (it asks while jobs run). i makes the device under the cursor show itself in its chassis for 30 s (its"
            + " locate LED, or its activity LED blinking from reads); i again stops it. On the boot stick, n turns the"
            + " network on or off (off at boot).";
    private static final long FRAME_MILLIS = 100;

    private final Screen screen;
    private final boolean colour;
    private final UiThread ui;
    private final MainViewModel vm;
    private String cursorKey;
    private int top;
    private boolean help;
    private boolean exit;
    private String message = "";
    /** The jobs of the latest wipe: their summary shows when they have all ended. */
    private List<JobViewModel> batch = List.of();
    private boolean summaryShown = true;

    private ConsoleUi(Screen screen, boolean colour, UiThread ui, Services services) {
        this.screen = screen;
        this.colour = colour;
        this.ui = ui;
        this.vm = new MainViewModel(services, new ConsoleDialogs(this::runModal));
        vm.identify().noticeProperty().addListener((obs, was, n) -> message = n.title() + ": " + n.text());
    }

    /**
     * Opens the console UI on this process's terminal with {@code settings} and runs it until the
     * user quits; returns the exit code.
     */
    public static int run(Startup.UserSettings settings, Map<String, String> env) throws IOException {
        UiThread ui = new UiThread();
        Services services = Startup.linuxServices(settings.settings(), ui);
        Terminal terminal = new UnixTerminal(System.in, System.out, Charset.defaultCharset(),
                UnixLikeTerminal.CtrlCBehaviour.TRAP);
        Screen screen = new TerminalScreen(terminal);
        screen.startScreen();
        screen.setCursorPosition(null);
        ConsoleUi console = new ConsoleUi(screen, hasColours(env), ui, services);
        try {
            if (settings.unusable() != null) {
                ui.execute(() -> console.vm.session().settingsUnusable(settings.unusable()));
            }
            console.loop();
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            console.vm.close();
            screen.stopScreen();
        }
    }

    /** Colours only where the terminal says it has them; a serial console's vt100 or vt220 gets none. */
    static boolean hasColours(Map<String, String> env) {
        String term = env.getOrDefault("TERM", "");
        return env.containsKey("COLORTERM") || term.contains("color") || term.equals("linux") || term.startsWith("xterm")
                || term.startsWith("screen") || term.startsWith("tmux");
    }

    private void loop() throws IOException, InterruptedException {
        vm.start();
        while (!exit) {
            frame(null);
        }
    }

    /** Runs {@code m} until it is answered, the view models' work and the frames going on meanwhile. */
    private void runModal(Modal m) {
        try {
            boolean[] done = {false};
            while (!done[0] && !exit) {
                KeyStroke k = frame(m);
                if (k != null) {
                    done[0] = m.key(k);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exit = true;
        }
    }

    /**
     * One turn: the view models' queued work, a key stroke (given to the modal when one is open,
     * else handled here and null returned), and the screen drawn.
     */
    private KeyStroke frame(Modal modal) throws IOException, InterruptedException {
        KeyStroke k = screen.pollInput();
        if (k == null) {
            ui.runPending(FRAME_MILLIS / 2);
            k = screen.pollInput();
        } else {
            ui.runPending(0);
        }
        vm.tick(System.nanoTime());
        if (modal == null && k != null) {
            key(k);
            k = null;
        }
        if (modal == null) {
            checkSummary();
        }
        TerminalSize size = screen.doResizeIfNecessary();
        if (size != null) {
            screen.clear();
        }
        Canvas c = new Canvas(screen.newTextGraphics(), screen.getTerminalSize(), colour);
        if (modal != null) {
            modal.draw(c);
        } else {
            draw(c);
        }
        screen.refresh(Screen.RefreshType.DELTA);
        return k;
    }

    private List<DeviceLines.Line> lines() {
        return DeviceLines.of(vm.devices().rows());
    }

    private int cursor(List<DeviceLines.Line> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).row().key().equals(cursorKey)) {
                return i;
            }
        }
        return 0;
    }

    private void key(KeyStroke k) {
        message = "";
        List<DeviceLines.Line> lines = lines();
        int at = cursor(lines);
        DeviceRow row = lines.isEmpty() ? null : lines.get(at).row();
        if (k.isCtrlDown() && k.getKeyType() == KeyType.Character && k.getCharacter() == 'c') {
            // Ctrl-C is trapped, not a signal: it quits as q does, asking first while jobs run
            quit();
            return;
        }
        if (k.getKeyType() == KeyType.Character) {
            switch (Character.toLowerCase(k.getCharacter())) {
                case ' ' -> tick(row);
                case 'w' -> wipe();
                case 'r' -> {
                    vm.devices().refresh();
                    message = "scanning the devices again";
                }
                case 'c' -> {
                    if (vm.jobs().hasActiveJobs()) {
                        vm.jobs().requestCancelAll();
                    }
                }
                case 's' -> showSummary();
                case 'q' -> quit();
                case '?' -> help = !help;
                case 'n' -> network();
                case 'i' -> identify(row);
                default -> { }
            }
            return;
        }
        switch (k.getKeyType()) {
            case ArrowUp -> move(lines, at - 1);
            case ArrowDown -> move(lines, at + 1);
            case PageUp -> move(lines, at - 10);
            case PageDown -> move(lines, at + 10);
            case Home -> move(lines, 0);
            case End -> move(lines, lines.size() - 1);
            case Enter -> wipe();
            case Escape -> help = false;
            case EOF -> exit = true;
            default -> { }
        }
    }

    /** i: the row under the cursor shows itself in its chassis, as the window's Identify; i again stops it. */
    private void identify(DeviceRow row) {
        Optional<IdentifyModel.Showing> shown = row == null ? Optional.empty() : vm.identify().showing(row);
        if (shown.isPresent()) {
            shown.get().stop();
            return;
        }
        message = vm.identify().unavailable(row).orElse("");
        vm.identify().identify(row);
    }

    /** The boot stick's network switch, as the window's Network button; elsewhere there is none. */
    private void network() {
        if (!vm.session().hasNetworkSwitch()) {
            message = "no network switch here: it is the boot stick's (blockwipe net)";
        } else if (!vm.session().networkBusyProperty().get()) {
            boolean on = !vm.session().networkOnProperty().get();
            vm.session().network(on);
            message = on ? "turning the network on (DHCP, SSH with the stick's keys)..." : "turning the network off...";
        }
    }

    private void move(List<DeviceLines.Line> lines, int to) {
        if (!lines.isEmpty()) {
            cursorKey = lines.get(Math.max(0, Math.min(lines.size() - 1, to))).row().key();
        }
    }

    private void tick(DeviceRow row) {
        if (row == null) {
            return;
        }
        if (!row.checkableProperty().get()) {
            message = "cannot tick " + row.facts().name() + ": " + row.whyNotProperty().get();
            return;
        }
        row.checkedProperty().set(!row.checkedProperty().get());
    }

    private void wipe() {
        if (!vm.devices().hasWipeTargets()) {
            message = "nothing to wipe: tick devices with Space (blocked ones cannot be ticked)";
            return;
        }
        message = "opening and checking the devices...";
        vm.wipe().thenAccept(started -> {
            message = "";
            if (!started.isEmpty()) {
                batch = started;
                summaryShown = false;
            }
        });
    }

    private void checkSummary() {
        if (!summaryShown && !batch.isEmpty() && batch.stream().allMatch(JobLines::settled)) {
            summaryShown = true;
            showSummary();
        }
    }

    private void showSummary() {
        if (batch.isEmpty()) {
            message = "no wipe has run yet";
            return;
        }
        runModal(new Modal() {
            private int first;

            @Override
            public void draw(Canvas c) {
                c.clear();
                c.line(0, " Summary: " + batch.size() + (batch.size() == 1 ? " job" : " jobs"), true, Canvas.Tone.PLAIN);
                List<String> lines = new ArrayList<>();
                for (String l : JobLines.summary(batch)) {
                    String indent = l.startsWith("  ") ? "    " : "";
                    List<String> parts = Text.wrap(l.strip(), c.width() - 4 - indent.length());
                    for (int i = 0; i < parts.size(); i++) {
                        lines.add(indent + (i > 0 ? "  " : "") + parts.get(i));
                    }
                }
                for (int i = first; i < lines.size() && i - first + 2 < c.height() - 1; i++) {
                    String l = lines.get(i);
                    c.line(i - first + 2, " " + l, false, l.startsWith(" ") ? Canvas.Tone.PLAIN
                            : l.contains(": ERASED") ? Canvas.Tone.GOOD : Canvas.Tone.BAD);
                }
                c.line(c.height() - 1, " Enter or Esc: back to the devices   Up/Down scroll", true, Canvas.Tone.PLAIN);
            }

            @Override
            public boolean key(KeyStroke k) {
                switch (k.getKeyType()) {
                    case ArrowDown -> first++;
                    case ArrowUp -> first = Math.max(0, first - 1);
                    default -> { }
                }
                return k.getKeyType() == KeyType.Enter || k.getKeyType() == KeyType.Escape;
            }
        });
    }

    private void quit() {
        if (!vm.requestQuit(() -> exit = true)) {
            return;
        }
        message = "quitting...";
    }

    private void draw(Canvas c) {
        c.clear();
        int w = c.width();
        int h = c.height();
        List<DeviceLines.Line> lines = lines();
        int at = cursor(lines);
        if (!lines.isEmpty()) {
            cursorKey = lines.get(at).row().key();
            if (vm.devices().selectedProperty().get() != lines.get(at).row()) {
                vm.devices().selectedProperty().set(lines.get(at).row());
            }
        }
        List<JobViewModel> jobs = vm.jobs().jobs();
        int jobRows = jobs.isEmpty() ? 0 : Math.min(jobs.size(), Math.max(1, (h - 8) / 3)) + 1;
        int helpRows = help ? Math.min(6, Text.wrap(HELP, w - 2).size()) : 0;
        c.line(0, " Blockwipe console - " + vm.devices().checkedCountProperty().get() + " ticked - "
                + vm.devices().mode() + (vm.session().hasNetworkSwitch()
                ? " - network " + (vm.session().networkOnProperty().get() ? "on" : "off") : ""), true, Canvas.Tone.PLAIN);
        String inMemory = vm.session().inMemoryProperty().get();
        List<String> warning = inMemory.isEmpty() ? List.of() : Text.wrap(inMemory, w - 2);
        warning = warning.subList(0, Math.min(4, warning.size()));
        for (int i = 0; i < warning.size(); i++) {
            c.line(1 + i, " " + warning.get(i), false, Canvas.Tone.BAD);
        }
        int listTop = 2 + warning.size();
        c.bold(listTop - 1, DeviceLines.header(w));
        int listRows = Math.max(1, h - 5 - warning.size() - jobRows - helpRows);
        top = Math.max(0, Math.min(top, at));
        if (at >= top + listRows) {
            top = at - listRows + 1;
        }
        for (int i = 0; i < listRows && top + i < lines.size(); i++) {
            DeviceLines.Line l = lines.get(top + i);
            c.line(listTop + i, DeviceLines.format(l, w, top + i == at), top + i == at, tone(l.row()));
        }
        int row = listTop + listRows;
        if (jobRows > 0) {
            String title = "-- Jobs: " + vm.jobs().statusProperty().get() + " ";
            c.bold(row++, title + "-".repeat(Math.max(0, w - title.length())));
            for (int i = 0; i < jobRows - 1; i++) {
                JobViewModel j = jobs.get(i);
                JobState s = j.stateProperty().get();
                c.line(row++, JobLines.format(j, w), false, s == JobState.ERASED ? Canvas.Tone.GOOD
                        : s.finished() && s != JobState.CANCELLED ? Canvas.Tone.BAD : Canvas.Tone.PLAIN);
            }
        }
        for (String l : help ? Text.wrap(HELP, w - 2).subList(0, helpRows) : List.<String>of()) {
            c.line(row++, " " + l);
        }
        c.line(h - 2, " " + status(lines.isEmpty() ? null : lines.get(at).row()));
        c.line(h - 1, KEYS, true, Canvas.Tone.PLAIN);
    }

    private static Canvas.Tone tone(DeviceRow row) {
        return row.facts().verdict().blocked() ? Canvas.Tone.BAD : Canvas.Tone.PLAIN;
    }

    /** The last thing said, else the latest notice, else what the cursor's row is (and why it is blocked). */
    private String status(DeviceRow row) {
        if (!message.isEmpty()) {
            return message;
        }
        if (!vm.identify().showing().isEmpty()) {
            IdentifyModel.Showing shown = vm.identify().showing().get(0);
            return "identifying " + shown.name() + " (i on its row stops): " + shown.methodProperty().get();
        }
        Notice n = vm.session().noticeProperty().get();
        if (!vm.devices().scanProblemProperty().get().isEmpty()) {
            return vm.devices().scanProblemProperty().get();
        }
        if (row == null) {
            return n != null ? n.title() : "reading the devices...";
        }
        String job = row.jobProperty().get();
        String why = row.whyNotProperty().get();
        return Units.printable(row.facts().path()) + ": " + (!job.equals("idle") ? job + " · " + row.facts().oneLine()
                : why.isEmpty() ? row.facts().oneLine() : why);
    }
}
