package dev.blockwipe.tui;

import static dev.blockwipe.ui.jobs.JobEvents.SIZE;
import static dev.blockwipe.ui.jobs.JobEvents.progress;
import static dev.blockwipe.ui.jobs.JobEvents.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.ui.jobs.JobViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JobLinesTest {
    private long now;
    private final JobViewModel job = new JobViewModel("/dev/loop3", "loop3", "Loop · 256 MiB",
            WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()), Set.of("disk loop3"), () -> now, false);

    @Test
    void aQueuedJobSaysSo() {
        assertThat(JobLines.format(job, 80)).hasSize(80).startsWith("loop3       dod-short").contains("0%", "queued");
    }

    @Test
    void aRunningJobShowsProgressSpeedAndTimeLeft() {
        job.on(started());
        now += 2_000_000_000L;
        job.on(progress(SIZE * 2, 300e6, Duration.ofSeconds(42)));
        now += 1_000_000_000L;
        job.drain();

        String line = JobLines.format(job, 80);

        assertThat(line).contains("loop3", "dod-short", "50%", "ETA 42 s");
        assertThat(line).contains(dev.blockwipe.engine.Units.rate(job.rateProperty().get()));
        assertThat(JobLines.settled(job)).isFalse();
    }

    @Test
    void theSummaryNamesTheCertificateFilesOnceTheyAreWritten() {
        job.cancelledBeforeStart();
        job.certified(new ReportStore.CertificateFiles(Path.of("/r/a.json"), Path.of("/r/a.json.sig"), Path.of("/r/a.pdf"),
                Path.of("/r/a.log")));

        List<String> summary = JobLines.summary(List.of(job));

        assertThat(JobLines.settled(job)).isTrue();
        assertThat(summary).containsExactly("loop3: CANCELLED", "  " + job.messageProperty().get(), "  PDF:  /r/a.pdf",
                "  JSON: /r/a.json");
    }
}
