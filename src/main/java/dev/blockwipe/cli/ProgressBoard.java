package dev.blockwipe.cli;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipePlan;
import dev.blockwipe.report.ResultSummary;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The human progress display on standard error, for one job or several running in parallel. At a
 * terminal, one line shows every running job and is rewritten at most four times a second; into a
 * log file each job prints a line every ten seconds, so logs stay readable. Events arrive on the
 * jobs' threads.
 */
final class ProgressBoard {
    private static final long TTY_INTERVAL_NANOS = 250_000_000L;
    private static final long LOG_INTERVAL_NANOS = 10_000_000_000L;

    private final PrintWriter err;
    private final boolean tty;
    private final Map<String, String> lines = new LinkedHashMap<>();
    private final Map<String, Long> lastLog = new LinkedHashMap<>();
    /** The targets whose last logged line said STALLED: a log shows a stall when it starts and ends. */
    private final Set<String> loggedStalled = new HashSet<>();
    private long lastPrint;
    private boolean lineOpen;

    ProgressBoard(PrintWriter err, boolean tty) {
        this.err = err;
        this.tty = tty;
    }

    /** The listener for one job. */
    WipeListener job() {
        return new WipeListener() {
            private String name = "";
            private String pattern = "";

            @Override
            public void on(WipeEvent event) {
                if (event instanceof WipeEvent.Started s) {
                    name = Units.printable(s.target().name());
                    print(started(s));
                } else if (event instanceof WipeEvent.PassStarted p) {
                    pattern = p.pass().pattern().describe();
                } else if (event instanceof WipeEvent.VerifyStarted v) {
                    name = Units.printable(v.target().name());
                    pattern = "";
                } else if (event instanceof WipeEvent.Progress p) {
                    progress(name, pattern, p);
                } else if (event instanceof WipeEvent.Verified v) {
                    print("  " + name + ": read-back " + (v.pass() > 0 ? "of pass " + v.pass() + " " : "")
                            + ResultSummary.verification(v.result()));
                } else if (event instanceof WipeEvent.Finished || event instanceof WipeEvent.Failed
                        || event instanceof WipeEvent.Cancelled) {
                    done(name);
                }
            }
        };
    }

    private static String started(WipeEvent.Started s) {
        WipePlan plan = s.plan();
        return String.format(Locale.ROOT, "%s: %s with %s, %d pass%s, verify %s, %s requests x %d in flight, %s",
                Units.printable(s.target().path()), Units.bytes(s.target().size()), plan.method().name(), plan.passes().size(),
                plan.passes().size() == 1 ? "" : "es", plan.verification().text(), Units.bytes(plan.blockSize()),
                plan.queueDepth(), s.target().ioMode().label())
                + (s.target().misalignment() == 0 ? "" : String.format(Locale.ROOT,
                        "%n  %s: misaligned on its disk by %d bytes: the first write ends on the disk's next 1 MiB"
                                + " boundary, every later one is aligned to the disk", Units.printable(s.target().name()),
                        s.target().misalignment()));
    }

    private synchronized void progress(String name, String pattern, WipeEvent.Progress p) {
        if (p.stageBytesDone() == 0 && p.stall() == null) {
            return;
        }
        String stage = p.pass() > 0 ? "pass " + p.pass() + "/" + p.passCount() + " " : "";
        String text = String.format(Locale.ROOT, "%s  %s%s %s  %5.1f%%  %s (avg %s)  ETA %s", name, stage,
                p.stage().label(), pattern, 100 * p.jobFraction(), Units.rate(p.rate()), Units.rate(p.averageRate()),
                eta(p.eta())) + (p.stall() == null ? "" : "  " + ResultSummary.stall(p.stall()).replaceFirst("^stalled", "STALLED"));
        long now = System.nanoTime();
        if (tty) {
            lines.put(name, text);
            if (now - lastPrint >= TTY_INTERVAL_NANOS || p.stageBytesDone() == p.stageBytesTotal()) {
                lastPrint = now;
                err.print("\r" + lines.values().stream().collect(Collectors.joining("  |  ")) + "\033[K");
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
                err.println(text);
                err.flush();
            }
        }
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

    private static String eta(Duration eta) {
        return eta == null ? "unknown" : Units.duration(eta);
    }
}
