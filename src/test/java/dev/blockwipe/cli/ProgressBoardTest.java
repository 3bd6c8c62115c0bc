package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Stall;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipeMethods;
import dev.blockwipe.engine.WipeRequest;
import dev.blockwipe.testing.MemoryTarget;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The progress lines of a CLI wipe whose standard error is a log, not a terminal. */
class ProgressBoardTest {
    private static final long SIZE = 1 << 20;

    /** A log gets a line every 10 s, but a stall is news: it is logged when it starts and when it ends. */
    @Test
    void aLogShowsAStallWhenItStartsAndWhenItEnds() {
        StringWriter log = new StringWriter();
        WipeListener job = new ProgressBoard(new PrintWriter(log), false).job();
        TargetInfo info = new MemoryTarget((int) SIZE).info();
        job.on(new WipeEvent.Started(info, new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()),
                Keystreams.JCE).plan(info)));

        job.on(progress(4096, null));
        job.on(progress(8192, null));
        Stall stall = new Stall(1, Stage.WRITE, 8192, Duration.ofSeconds(125));
        job.on(progress(8192, stall));
        job.on(progress(8192, stall));
        job.on(progress(12288, null));

        assertThat(log.toString().lines().filter(l -> l.contains("%")))
                .as("the first line, the stall's start, its end").hasSize(3)
                .element(1).asString().endsWith("STALLED for 2 m 5 s at offset 8192 (pass 1, writing)");
    }

    private static WipeEvent.Progress progress(long done, Stall stall) {
        return new WipeEvent.Progress(Stage.WRITE, 1, 1, done, SIZE, done, SIZE, 1e6, 1e6, Duration.ofSeconds(1), stall);
    }
}
