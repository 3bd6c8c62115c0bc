package dev.blockwipe.cli;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.ResultSummary;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * The human progress display on standard error, for one job or several running in parallel. At a
 * terminal, one line shows every running job and is rewritten at most four times a second, cut to the
 * terminal's width so that it never wraps (a wrapped line cannot be rewritten with a carriage return);
 * into a log file each job prints a line every ten seconds, so logs stay readable. Like
 * {@code dd status=progress} and {@code pv}, a line says how many bytes are done and how long the job
 * has run. Events arrive on the jobs' threads.
 */
final class ProgressBoard {
    private static final long TTY_INTERVAL_NANOS = 250_000_000L;
    private static final long LOG_INTERVAL_NANOS = 10_000_000_000L;
    private static final String JOBS = "  |  ";

    private final PrintWriter err;
    private final boolean tty;
    private final IntSupplier columns;
    private final LongSupplier nanoTime;
    private final Map<String, List<Part>> lines = new LinkedHashMap<>();
    private final Map<String, Long> lastLog = new LinkedHashMap<>();
    /** The targets whose last logged line said STALLED: a log shows a stall when it starts and ends. */
    private final Set<String> loggedStalled = new HashSet<>();
    private long lastPrint;
    private boolean lineOpen;

    /**
     * @param tty      standard error is a terminal: one line rewritten in place
     * @param columns  the terminal's width, asked before every rewrite (the window may be resized)
     * @param nanoTime a monotonic clock ({@link System#nanoTime()})
     */
    ProgressBoard(PrintWriter err, boolean tty, IntSupplier columns, LongSupplier nanoTime) {
        this.err = err;
        this.tty = tty;
        this.columns = columns;
        this.nanoTime = nanoTime;
    }

    /** The display on this process's standard error. */
    static ProgressBoard onStandardError(PrintWriter err) {
        return new ProgressBoard(err, Terminal.isTerminal(2), () -> Terminal.columns(2), System::nanoTime);
    }

    /** The listener for one job. */
    WipeListener job() {
        Job job = new Job();
        return event -> event.accept(job);
    }

    /** One job on the display: what its lines need of the events before. Job thread. */
    private final class Job implements WipeEvent.Visitor<Void> {
        private String name = "";
        private String pattern = "";
        private long started = -1;
        private WipeEvent.Temperature temperature;

        @Override
        public Void started(WipeEvent.Started s) {
            name = Units.printable(s.target().name());
            started = nanoTime.getAsLong();
            print(startLine(s));
            return null;
        }

        @Override
        public Void passStarted(WipeEvent.PassStarted p) {
            pattern = p.pass().pattern().describe();
            return null;
        }

        @Override
        public Void progress(WipeEvent.Progress p) {
            showProgress(name, pattern, started, p, temperature);
            return null;
        }

        /** The passes' figures are in the result the command prints when the job ends. */
        @Override
        public Void passDone(WipeEvent.PassDone d) {
            return null;
        }

        /** A checkpoint is for the journal; the bad ranges so far are in the result at the end. */
        @Override
        public Void checkpoint(WipeEvent.Checkpoint c) {
            return null;
        }

        /** A line when writes pause for heat or go on again; the reading itself ends the progress line. */
        @Override
        public Void temperature(WipeEvent.Temperature t) {
            if (t.paused() != (temperature != null && temperature.paused())) {
                print("  " + name + ": " + (t.paused() ? t.text() : "writes go on at " + t.temperatures().last() + " °C"));
            }
            temperature = t;
            return null;
        }

        @Override
        public Void verifyStarted(WipeEvent.VerifyStarted v) {
            name = Units.printable(v.target().name());
            pattern = "";
            if (started < 0) {
                started = nanoTime.getAsLong();
            }
            return null;
        }

        @Override
        public Void verified(WipeEvent.Verified v) {
            print("  " + name + ": read-back " + (v.pass() > 0 ? "of pass " + v.pass() + " " : "")
                    + ResultSummary.verification(v.result()));
            return null;
        }

        @Override
        public Void finished(WipeEvent.Finished f) {
            return ended();
        }

        @Override
        public Void failed(WipeEvent.Failed f) {
            return ended();
        }

        @Override
        public Void cancelled(WipeEvent.Cancelled c) {
            return ended();
        }

        /** The command prints the result; the board only lets go of the job's line. */
        private Void ended() {
            done(name);
            return null;
        }
    }

    private static String startLine(WipeEvent.Started s) {
        WipePlan plan = s.plan();
        return String.format(Locale.ROOT, "%s: %s with %s, %d pass%s, verify %s, %s, %s",
                Units.printable(s.target().path()), Units.bytes(s.target().size()), plan.method().name(), plan.passes().size(),
                plan.passes().size() == 1 ? "" : "es", plan.verification().text(), plan.describeRequests(),
                s.target().ioMode().label())
                + (s.target().misalignment() == 0 ? "" : String.format(Locale.ROOT,
                        "%n  %s: misaligned on its disk by %d bytes: the first write ends on the disk's next 1 MiB"
                                + " boundary, every later one is aligned to the disk", Units.printable(s.target().name()),
                        s.target().misalignment()));
    }

    private synchronized void showProgress(String name, String pattern, long started, WipeEvent.Progress p,
                                           WipeEvent.Temperature temperature) {
        if (p.stageBytesDone() == 0 && p.stall() == null) {
            return;
        }
        long now = nanoTime.getAsLong();
        List<Part> parts = parts(name, pattern, Duration.ofNanos(now - started), p, temperature);
        if (tty) {
            lines.put(name, parts);
            if (now - lastPrint >= TTY_INTERVAL_NANOS || p.stageBytesDone() == p.stageBytesTotal()) {
                lastPrint = now;
                err.print("\r" + line(columns.getAsInt()) + "\033[K");
                lineOpen = true;
                err.flush();
            }
        } else {
            Long last = lastLog.get(name);
            boolean stallChanged = (p.stall() != null) != loggedStalled.contains(name);
            if (last == null || now - last >= LOG_INTERVAL_NANOS || stallChanged) {
                lastLog.put(name, now);
                if (p.stall() != null) {
                    loggedStalled.add(name);
                } else {
                    loggedStalled.remove(name);
                }
                err.println(Part.join(parts));
                err.flush();
            }
        }
    }

    /**
     * One job's line, in the order printed. A stall or a pause for heat comes right after the name, so
     * that a line cut short still says it; what matters least goes first when the terminal is too narrow
     * for all of it, and the drive's temperature is the first to go.
     *
     * @param temperature the drive's last reading, or null when it reported none
     */
    private static List<Part> parts(String name, String pattern, Duration elapsed, WipeEvent.Progress p,
                                    WipeEvent.Temperature temperature) {
        List<Part> parts = new ArrayList<>();
        parts.add(Part.always(name));
        if (p.stall() != null) {
            parts.add(Part.always(ResultSummary.stall(p.stall()).replaceFirst("^stalled", "STALLED")));
        }
        if (temperature != null && temperature.paused()) {
            parts.add(Part.always(temperature.text().replaceFirst("^paused", "PAUSED")));
        }
        // "pass 1/1" says nothing the start line did not: the room goes to the elapsed time on 80 columns.
        boolean passes = p.pass() > 0 && p.passCount() > 1;
        parts.add(new Part((passes ? "pass " + p.pass() + "/" + p.passCount() + " " : "") + p.stage().label(), 5));
        if (!pattern.isEmpty()) {
            parts.add(new Part(pattern, 1).attached());
        }
        parts.add(Part.always(String.format(Locale.ROOT, "%5.1f%%", 100 * p.jobFraction())));
        parts.add(new Part(p.stagePosition(), 6));
        parts.add(new Part(Units.rate(p.rate()), 4));
        parts.add(new Part("(avg " + Units.rate(p.averageRate()) + ")", 2).attached());
        parts.add(new Part(clock(elapsed), 3));
        parts.add(new Part("ETA " + (p.eta() == null ? "unknown" : clock(p.eta())), 7));
        if (temperature != null && !temperature.paused()) {
            parts.add(new Part(temperature.temperatures().last() + " °C", 0));
        }
        return parts;
    }

    /**
     * Every running job's line, each in an equal share of the width. One column stays free: some
     * terminals wrap as soon as the last column is written.
     */
    private String line(int width) {
        int usable = width - 1;
        int share = (usable - JOBS.length() * (lines.size() - 1)) / lines.size();
        String all = lines.values().stream().map(parts -> Part.fit(parts, share)).collect(Collectors.joining(JOBS));
        return Columns.cut(all, usable);
    }

    private synchronized void print(String line) {
        if (lineOpen) {
            err.println();
            lineOpen = false;
        }
        err.println(line);
        err.flush();
    }

    private synchronized void done(String name) {
        lines.remove(name);
        lastLog.remove(name);
        if (lineOpen) {
            err.println();
            lineOpen = false;
        }
        err.flush();
    }

    /**
     * "0:12:40", "27:03:05": hours, minutes and seconds, as pv prints its times. Shorter than "12 m 40 s",
     * so a job on 80 columns still gets its rate, elapsed time and ETA.
     */
    private static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    /**
     * A piece of a progress line. {@code keep} ranks what goes first when the line is too long (lower
     * goes first); an attached piece follows the one before it after one space instead of two.
     */
    private record Part(String text, int keep, boolean isAttached) {
        private static final int ALWAYS = Integer.MAX_VALUE;

        Part(String text, int keep) {
            this(text, keep, false);
        }

        static Part always(String text) {
            return new Part(text, ALWAYS);
        }

        Part attached() {
            return new Part(text, keep, true);
        }

        static String join(List<Part> parts) {
            StringBuilder line = new StringBuilder();
            for (Part p : parts) {
                line.append(line.length() == 0 ? "" : p.isAttached ? " " : "  ").append(p.text);
            }
            return line.toString();
        }

        /** The line in at most {@code width} columns: the least wanted pieces left out, then cut. */
        static String fit(List<Part> parts, int width) {
            List<Part> kept = new ArrayList<>(parts);
            while (Columns.width(join(kept)) > width) {
                Optional<Part> least = kept.stream().filter(p -> p.keep != ALWAYS).min(Comparator.comparingInt(Part::keep));
                if (least.isEmpty()) {
                    break;
                }
                kept.remove(least.get());
            }
            return Columns.cut(join(kept), width);
        }
    }
}
