package dev.blockwipe.cli;

import dev.blockwipe.report.ResultSummary;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipePlan;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * The human progress display on standard error: at a terminal one line rewritten at most four
 * times a second; into a log file a line every ten seconds, so logs stay readable.
 */
final class ProgressLine implements WipeListener {
    private static final long TTY_INTERVAL_NANOS = 250_000_000L;
    private static final long LOG_INTERVAL_NANOS = 10_000_000_000L;

    private final PrintWriter err;
    private final boolean tty;
    private final long interval;
    private long lastPrint;
    private boolean printedThisPass;
    private String name = "";
    private String pattern = "";
    private boolean lineOpen;

    ProgressLine(PrintWriter err, boolean tty) {
        this.err = err;
        this.tty = tty;
        this.interval = tty ? TTY_INTERVAL_NANOS : LOG_INTERVAL_NANOS;
    }

    @Override
    public void on(WipeEvent event) {
        if (event instanceof WipeEvent.Started s) {
            started(s);
        } else if (event instanceof WipeEvent.PassStarted p) {
            pattern = p.pass().pattern().describe();
        } else if (event instanceof WipeEvent.Progress p) {
            progress(p);
        } else if (event instanceof WipeEvent.VerifyStarted v) {
            name = v.target().name();
            pattern = "";
        } else if (event instanceof WipeEvent.Verified v) {
            endLine();
            err.println("  " + name + ": read-back " + (v.pass() > 0 ? "of pass " + v.pass() + " " : "")
                    + ResultSummary.verification(v.result()));
        } else if (event instanceof WipeEvent.PassDone) {
            printedThisPass = false;
        } else {
            endLine();
        }
        err.flush();
    }

    private void started(WipeEvent.Started s) {
        name = s.target().name();
        WipePlan plan = s.plan();
        err.printf(Locale.ROOT, "%s: %s with %s, %d pass%s, verify %s, %s requests x %d in flight, %s%n",
                s.target().path(), Units.bytes(s.target().size()), plan.method().name(), plan.passes().size(),
                plan.passes().size() == 1 ? "" : "es", plan.verification().text(), Units.bytes(plan.blockSize()),
                plan.queueDepth(), s.target().ioMode().label());
    }

    private void progress(WipeEvent.Progress p) {
        if (p.stageBytesDone() == 0) {
            return;
        }
        long now = System.nanoTime();
        boolean last = p.stageBytesDone() == p.stageBytesTotal();
        if (printedThisPass && now - lastPrint < interval && !(last && tty)) {
            return;
        }
        printedThisPass = true;
        lastPrint = now;
        String stage = p.pass() > 0 ? "pass " + p.pass() + "/" + p.passCount() + " " : "";
        String text = String.format(Locale.ROOT, "%s  %s%s %s  %5.1f%%  %s (avg %s)  ETA %s",
                name, stage, p.stage().label(), pattern, 100 * p.jobFraction(), Units.rate(p.rate()),
                Units.rate(p.averageRate()), eta(p.eta()));
        if (tty) {
            err.print("\r" + text + "\033[K");
            lineOpen = true;
        } else {
            err.println(text);
        }
    }

    private static String eta(Duration eta) {
        return eta == null ? "unknown" : Units.duration(eta);
    }

    private void endLine() {
        if (lineOpen) {
            err.println();
            lineOpen = false;
        }
    }
}
