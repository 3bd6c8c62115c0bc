package dev.blockwipe.report;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeListener;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Locale;

/**
 * The job's log beside its certificate: one timestamped line per event, progress at most every
 * ten seconds, flushed as it goes so a killed process leaves what happened up to then.
 */
public final class JobLog implements WipeListener, AutoCloseable {
    private static final long PROGRESS_EVERY_NANOS = 10_000_000_000L;

    private final BufferedWriter out;
    private final Lines lines = new Lines();
    private long lastProgress;
    private boolean loggedProgress;
    private int badRangesLogged;
    private boolean pausedForHeat;

    public JobLog(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    @Override
    public void on(WipeEvent event) {
        String line = event.accept(lines);
        if (line != null) {
            write(line);
        }
    }

    /** A line that is not an event's: why the job ended without a result. */
    public void note(String line) {
        write(line);
    }

    private void write(String line) {
        try {
            out.write(Instant.now() + " " + line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each event's line, or null where it adds nothing to what the log already says. */
    private final class Lines implements WipeEvent.Visitor<String> {
        @Override
        public String started(WipeEvent.Started s) {
            return "started " + s.target().describe() + ", " + s.target().identity().describe() + ", method "
                    + s.plan().method().name() + ", " + s.plan().passes().size() + " passes, verify "
                    + s.plan().verification().text() + ", " + s.target().ioMode().label();
        }

        @Override
        public String passStarted(WipeEvent.PassStarted p) {
            return "pass " + p.pass().number() + "/" + p.passCount() + " started: " + p.pass().pattern().describe();
        }

        @Override
        public String progress(WipeEvent.Progress p) {
            long now = System.nanoTime();
            if (loggedProgress && now - lastProgress < PROGRESS_EVERY_NANOS) {
                return null;
            }
            loggedProgress = true;
            lastProgress = now;
            return String.format(Locale.ROOT, "%s pass %d: %s, %s", p.stage().label(), p.pass(), p.stagePosition(),
                    Units.rate(p.rate()))
                    + (p.stall() == null ? "" : "; " + ResultSummary.stall(p.stall()));
        }

        @Override
        public String passDone(WipeEvent.PassDone d) {
            return "pass " + d.result().number() + " done: " + Units.bytes(d.result().bytesWritten()) + " in "
                    + Units.duration(d.result().duration()) + " at " + Units.rate(d.result().averageRate());
        }

        /** Only when a bad range was found since the last one: where the job got to is in the progress lines. */
        @Override
        public String checkpoint(WipeEvent.Checkpoint c) {
            if (c.badRanges().size() == badRangesLogged) {
                return null;
            }
            badRangesLogged = c.badRanges().size();
            return "bad ranges so far: " + ResultSummary.badRanges(c.badRanges(), 10);
        }

        /** Only when writes pause or go on again: the readings themselves are in the certificate. */
        @Override
        public String temperature(WipeEvent.Temperature t) {
            if (t.paused() == pausedForHeat) {
                return null;
            }
            pausedForHeat = t.paused();
            return t.paused() ? "writes " + t.text() : "writes go on at " + t.temperatures().last() + " °C";
        }

        @Override
        public String verifyStarted(WipeEvent.VerifyStarted v) {
            return "read-back started (" + v.mode().text() + "): " + Units.bytes(v.bytes());
        }

        @Override
        public String verified(WipeEvent.Verified v) {
            return "read-back " + ResultSummary.verification(v.result());
        }

        @Override
        public String finished(WipeEvent.Finished f) {
            return "finished: " + ResultSummary.result(f.result());
        }

        @Override
        public String failed(WipeEvent.Failed f) {
            return "failed: " + f.error();
        }

        @Override
        public String cancelled(WipeEvent.Cancelled c) {
            return "cancelled: " + ResultSummary.result(c.result());
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
