package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.MemoryTarget;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress lines of a CLI wipe, at a terminal and into a log. */
class ProgressBoardTest {
    private static final long SIZE = 1 << 20;
    private static final Stall STALL = new Stall(1, Stage.WRITE, 8192, Duration.ofSeconds(125));

    private final StringWriter err = new StringWriter();
    private final AtomicLong clock = new AtomicLong(Duration.ofHours(1).toNanos());

    /** A log gets a line every 10 s, but a stall is news: it is logged when it starts and when it ends. */
    @Test
    void aLogShowsAStallWhenItStartsAndWhenItEnds() {
        WipeListener job = started(board(false, 80), "mem0");

        job.on(progress(4096, null));
        job.on(progress(8192, null));
        job.on(progress(8192, STALL));
        job.on(progress(8192, STALL));
        job.on(progress(12288, null));

        assertThat(err.toString().lines().filter(l -> l.contains("%")))
                .as("the first line, the stall's start, its end").hasSize(3)
                .element(1).asString().contains("STALLED for 2 m 5 s at offset 8192 (pass 1, writing)");
    }

    /** As dd status=progress and pv: how much of how much, and for how long (as pv prints times). */
    @Test
    void aLineSaysTheBytesDoneOfTheTotalAndHowLongTheJobHasRun() {
        WipeListener job = started(board(false, 80), "mem0");
        clock.addAndGet(Duration.ofSeconds(65).toNanos());

        job.on(progress(SIZE / 2, null));

        assertThat(err.toString().lines().filter(l -> l.contains("%"))).singleElement().asString()
                .startsWith("mem0  writing ").contains(" 50.0%  512 KiB of 1 MiB  1 MB/s (avg 1 MB/s)")
                .endsWith("  0:01:05  ETA 0:00:01");
    }

    @Test
    void aWideTerminalGetsTheWholeLine() {
        WipeListener job = started(board(true, 200), "mem0");
        clock.addAndGet(Duration.ofSeconds(3).toNanos());

        job.on(progress(SIZE / 4, null));

        assertThat(rewrites()).singleElement().asString().startsWith("mem0  writing " + pattern() + "  ")
                .endsWith(" 25.0%  256 KiB of 1 MiB  1 MB/s (avg 1 MB/s)  0:00:03  ETA 0:00:01");
    }

    @Test
    void aJobOfSeveralPassesSaysWhichPassItIsIn() {
        WipeListener job = started(board(false, 80), "mem0");

        job.on(new WipeEvent.Progress(Stage.WRITE, 2, 3, 0, 4096, SIZE, SIZE + 4096, 3 * SIZE, 1e6, 1e6, Duration.ofSeconds(2),
                null));

        assertThat(err.toString()).contains("mem0  pass 2/3 writing ").contains(" 33.5%  4 KiB of 1 MiB  ");
    }

    /** A resumed pass is shown where it is on the target, and the percentage counts the earlier runs' part as done. */
    @Test
    void aResumedPassShowsItsPlaceOnTheTargetNotOnlyThisRunsPart() {
        WipeListener job = started(board(false, 120), "mem0");

        job.on(new WipeEvent.Progress(Stage.WRITE, 1, 1, 3 * SIZE / 4, SIZE / 8, SIZE / 4, 7 * SIZE / 8, 2 * SIZE, 1e6,
                1e6, Duration.ofSeconds(2), null));

        assertThat(err.toString()).contains(" 43.8%  896 KiB of 1 MiB  ");
    }

    /** A line longer than the terminal wraps, and the carriage return then rewrites only its last part. */
    @Test
    void aTerminalLineNeverWrapsAndStillSaysAStall() {
        List<String> lines = rewritesOfAStall(80);

        assertThat(lines).hasSize(4).allSatisfy(l -> assertThat(Columns.width(l)).as(l).isLessThan(80));
        assertThat(lines.get(0)).as("the pattern and the average rate go first")
                .isEqualTo("nvme0n1  writing    0.4%  4 KiB of 1 MiB  1 MB/s  0:00:01  ETA 0:00:01");
        assertThat(lines.get(2)).startsWith("nvme0n1  STALLED for 2 m 5 s at offset 8192");
    }

    @Test
    void aNarrowTerminalKeepsTheNameThePercentageAndTheStall() {
        List<String> lines = rewritesOfAStall(40);

        assertThat(lines).allSatisfy(l -> assertThat(Columns.width(l)).as(l).isLessThan(40));
        assertThat(lines.get(0)).isEqualTo("nvme0n1    0.4%  ETA 0:00:01");
        assertThat(lines.get(2)).isEqualTo("nvme0n1  STALLED for 2 m 5 s at offset…");
    }

    /** Four rewrites a second apart, the third of them stalled. */
    private List<String> rewritesOfAStall(int columns) {
        WipeListener job = started(board(true, columns), "nvme0n1");
        for (long done = 4096; done <= 16384; done += 4096) {
            clock.addAndGet(Duration.ofSeconds(1).toNanos());
            job.on(progress(done, done == 12288 ? STALL : null));
        }
        return rewrites();
    }

    @Test
    void theTemperatureIsAppendedWhenItFitsAndAPauseIsAlwaysShown() {
        WipeListener job = started(board(true, 200), "sda");
        job.on(new WipeEvent.Temperature(new Temperatures(1, 41, 41, 41, 60, List.of()), false));
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        job.on(progress(4096, null));
        job.on(new WipeEvent.Temperature(new Temperatures(2, 41, 61, 61, 60, List.of()), true));
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        job.on(progress(4096, null));

        assertThat(err.toString()).contains("\n  sda: paused: 61 °C above the 60 °C limit\n");
        List<String> lines = rewrites();
        assertThat(lines.get(0).lines().findFirst().orElseThrow()).as("the pause's own line follows it")
                .endsWith("ETA 0:00:01  41 °C");
        assertThat(lines.get(lines.size() - 1)).startsWith("sda  PAUSED: 61 °C above the 60 °C limit  ")
                .doesNotEndWith("°C");
    }

    @Test
    void aNarrowTerminalDropsTheTemperatureFirst() {
        WipeListener job = started(board(true, 80), "nvme0n1");
        job.on(new WipeEvent.Temperature(new Temperatures(1, 41, 41, 41, 0, List.of()), false));
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        job.on(progress(4096, null));

        assertThat(rewrites()).singleElement().asString().doesNotContain("°C");
    }

    @Test
    void aLogSaysWhenWritesPauseAndWhenTheyGoOn() {
        WipeListener job = started(board(false, 80), "sda");
        job.on(new WipeEvent.Temperature(new Temperatures(1, 61, 61, 61, 60, List.of()), true));
        job.on(new WipeEvent.Temperature(new Temperatures(2, 55, 61, 55, 60, List.of()), false));

        assertThat(err.toString().lines().skip(1)).containsExactly("  sda: paused: 61 °C above the 60 °C limit",
                "  sda: writes go on at 55 °C");
    }

    @Test
    void parallelJobsShareTheWidth() {
        ProgressBoard board = board(true, 80);
        WipeListener sdb = started(board, "sdb");
        WipeListener sdc = started(board, "sdc");
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        sdb.on(progress(4096, null));
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        sdc.on(progress(4096, STALL));

        String both = rewrites().get(1);
        assertThat(Columns.width(both)).as(both).isLessThan(80);
        assertThat(both).startsWith("sdb  ").contains("  |  sdc  STALLED for 2 m 5 s");
    }

    private ProgressBoard board(boolean tty, int columns) {
        return new ProgressBoard(new PrintWriter(err), tty, () -> columns, clock::get);
    }

    private WipeListener started(ProgressBoard board, String name) {
        WipeListener job = board.job();
        TargetInfo info = named(new MemoryTarget((int) SIZE).info(), name);
        WipePlan plan = plan(info);
        job.on(new WipeEvent.Started(info, plan));
        job.on(new WipeEvent.PassStarted(plan.passes().get(0), 1, Stage.WRITE));
        return job;
    }

    private static WipePlan plan(TargetInfo info) {
        return new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE).plan(info);
    }

    private static String pattern() {
        return plan(new MemoryTarget((int) SIZE).info()).passes().get(0).pattern().describe();
    }

    private static TargetInfo named(TargetInfo i, String name) {
        return new TargetInfo("/dev/" + name, name, "/dev/" + name, i.identity(), i.size(), i.logicalBlockSize(), i.physicalBlockSize(),
                i.diskOffset(), i.rotational(), i.ioMode(), i.deviceQueueDepth(), i.oldData());
    }

    /** What a terminal shows after each rewrite of the progress line. */
    private List<String> rewrites() {
        return Arrays.stream(err.toString().split("\r")).skip(1).map(l -> l.replace("\033[K", "").strip()).toList();
    }

    private static WipeEvent.Progress progress(long done, Stall stall) {
        return new WipeEvent.Progress(Stage.WRITE, 1, 1, 0, done, SIZE, done, SIZE, 1e6, 1e6, Duration.ofSeconds(1), stall);
    }
}
