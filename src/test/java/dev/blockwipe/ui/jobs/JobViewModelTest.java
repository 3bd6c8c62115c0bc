package dev.blockwipe.ui.jobs;

import static dev.blockwipe.ui.jobs.JobEvents.PASSES;
import static dev.blockwipe.ui.jobs.JobEvents.T0;
import static dev.blockwipe.ui.jobs.JobEvents.passResult;
import static dev.blockwipe.ui.jobs.JobEvents.result;
import static dev.blockwipe.ui.jobs.JobEvents.verifyResult;
import static dev.blockwipe.ui.jobs.JobEvents.SIZE;
import static dev.blockwipe.ui.jobs.JobEvents.pass;
import static dev.blockwipe.ui.jobs.JobEvents.plan;
import static dev.blockwipe.ui.jobs.JobEvents.progress;
import static dev.blockwipe.ui.jobs.JobEvents.started;
import static dev.blockwipe.ui.jobs.JobEvents.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.ThroughputPoint;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.report.ResultSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

class JobViewModelTest {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** What the job's clock says, in nanoseconds; tests move it. */
    private long now;
    private final JobViewModel job = loop(3, "dod-short");

    @Test
    void newJobIsQueued() {
        assertThat(job.stateProperty().get()).isEqualTo(JobState.QUEUED);
        assertThat(job.messageProperty().get()).isEqualTo("queued");
        assertThat(job.progressProperty().get()).isZero();
    }

    @Test
    void eventsChangeNothingUntilTheyAreDrained() {
        job.on(started());
        job.on(new WipeEvent.PassStarted(pass(1, Pattern.Repeating.of(0x00), false), PASSES, Stage.WRITE));
        job.on(progress(SIZE / 2, 300e6, null));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.QUEUED);
        assertThat(job.stageProperty().get()).isEmpty();
        assertThat(job.progressProperty().get()).isZero();

        job.drain();

        assertThat(job.stateProperty().get()).isEqualTo(JobState.RUNNING);
        assertThat(job.stageProperty().get()).isNotEmpty();
        assertThat(job.progressProperty().get()).isPositive();
    }

    @Test
    void startedJobIsRunningAndSaysHowItWillRun() {
        apply(started());

        assertThat(job.stateProperty().get()).isEqualTo(JobState.RUNNING);
        assertThat(job.messageProperty().get()).isEqualTo("3 passes, verify last, O_DIRECT");
    }

    @Test
    void theCardShowsTheTemperatureAndAPauseAboveTheLimit() {
        apply(started(), new WipeEvent.Temperature(new Temperatures(1, 41, 41, 41, 60, List.of()), false));
        assertThat(job.temperatureProperty().get()).isEqualTo("41 °C, max 41 °C");
        assertThat(job.thermalPauseProperty().get()).isFalse();

        apply(new WipeEvent.Temperature(new Temperatures(2, 41, 61, 61, 60, List.of()), true));
        assertThat(job.temperatureProperty().get()).isEqualTo("paused: 61 °C above the 60 °C limit");
        assertThat(job.thermalPauseProperty().get()).isTrue();

        apply(new WipeEvent.Temperature(new Temperatures(3, 41, 61, 54, 60, List.of()), false));
        assertThat(job.temperatureProperty().get()).isEqualTo("54 °C, max 61 °C");
        assertThat(job.thermalPauseProperty().get()).isFalse();
    }

    @Test
    void aJobCancelledWhilePausedNoLongerShowsThePause() {
        apply(started(), new WipeEvent.Temperature(new Temperatures(1, 70, 70, 70, 60, List.of()), true));
        apply(endEvent(result(FinalState.CANCELLED, FailureCause.NONE, null)));
        assertThat(job.thermalPauseProperty().get()).isFalse();
        assertThat(job.temperatureProperty().get()).as("the result has no readings").isEmpty();
    }

    @Test
    void aDriveWithoutASensorShowsNoTemperature() {
        apply(started(), endEvent(result(FinalState.ERASED, FailureCause.NONE, verifyResult(0))));
        assertThat(job.temperatureProperty().get()).isEmpty();
    }

    @Test
    void passStartedShowsThePassNumberAndPattern() {
        apply(started(), new WipeEvent.PassStarted(pass(1, Pattern.Repeating.of(0x00), false), PASSES, Stage.WRITE));

        assertThat(job.stageProperty().get()).isEqualTo("pass 1/3 · 0x00");
    }

    @Test
    void aDriveErasingItselfShowsItsOwnFractionOrAnIndeterminateBarAndNoSpeedAndEndsPurged() {
        apply(started(), new WipeEvent.PassStarted(pass(1, Pattern.Repeating.of(0x00), false), 1, Stage.FIRMWARE));

        assertThat(job.stageProperty().get()).isEqualTo("drive erasing (it cannot be cancelled now)");
        assertThat(job.driveErasingProperty().get()).isTrue();
        assertThat(job.progressProperty().get()).isEqualTo(JobViewModel.UNKNOWN_PROGRESS);
        now += NANOS_PER_SECOND;
        apply(new WipeEvent.Progress(Stage.FIRMWARE, 1, 1, 0, SIZE / 4, SIZE, SIZE / 4, SIZE, 1e9, 1e9,
                Duration.ofSeconds(3), null));
        assertThat(job.progressProperty().get()).as("the drive's own fraction").isEqualTo(0.25);
        assertThat(job.speedProperty().get()).as("Blockwipe writes nothing meanwhile").isEmpty();
        assertThat(job.remainingProperty().get()).isNull();

        apply(endEvent(result(FinalState.PURGED, FailureCause.NONE, verifyResult(0))));
        assertThat(job.stateProperty().get()).isEqualTo(JobState.PURGED);
        assertThat(job.stateProperty().get().styleClass()).isEqualTo(JobState.ERASED.styleClass());
        assertThat(job.driveErasingProperty().get()).isFalse();
        assertThat(job.progressProperty().get()).isEqualTo(1);
    }

    @Test
    void blankingPassIsNamedAsSuch() {
        apply(started(), new WipeEvent.PassStarted(pass(4, Pattern.Repeating.of(0x00), true), 4, Stage.WRITE));

        assertThat(job.stageProperty().get()).isEqualTo("pass 4/4 · 0x00 (blanking)");
    }

    @Test
    void verifyStartedShowsWhatIsReadBack() {
        apply(started(), new WipeEvent.VerifyStarted(target(), 0, new Verification.Last(), SIZE));

        assertThat(job.stageProperty().get()).isEqualTo("verifying last · 256 MiB");
    }

    @Test
    void progressShowsFractionOfTheWholeJobAndEta() {
        apply(started());
        now += JobViewModel.ETA_AFTER_NANOS;
        apply(progress(SIZE, 500e6, Duration.ofSeconds(250)));

        assertThat(job.progressProperty().get()).isCloseTo(1.0 / 4, within(1e-9));
        assertThat(job.etaProperty().get()).isEqualTo("ETA 4 m 10 s");
    }

    /** The engine's ETA is at the job's rate so far, which in its first second is mostly start-up. */
    @Test
    void theEtaWaitsForTheJobsFirstSeconds() {
        apply(started());
        now += NANOS_PER_SECOND / 4;
        apply(progress(SIZE / 100, 10e6, Duration.ofSeconds(100)));
        assertThat(job.etaProperty().get()).isEmpty();
        assertThat(job.progressProperty().get()).isPositive();

        now += JobViewModel.ETA_AFTER_NANOS - NANOS_PER_SECOND / 2;
        apply(progress(SIZE / 2, 400e6, Duration.ofSeconds(4)));
        assertThat(job.etaProperty().get()).isEmpty();

        now += NANOS_PER_SECOND / 4;
        apply(progress(SIZE, 400e6, Duration.ofSeconds(3)));
        assertThat(job.etaProperty().get()).isEqualTo("ETA 3.0 s");
    }

    /** The speed is the bytes of the last second on the job's clock; the average is over the whole job. */
    @Test
    void speedIsTheLastSecondsBytesAndTheAverageTheJobs() {
        job.on(started());
        now = NANOS_PER_SECOND;
        job.on(moved(Stage.WRITE, 1, 1_000_000_000L));
        now = 2 * NANOS_PER_SECOND;
        job.on(moved(Stage.WRITE, 1, 1_500_000_000L));
        job.drain();

        assertThat(job.rateProperty().get()).isCloseTo(500e6, within(1.0));
        assertThat(job.speedProperty().get()).isEqualTo("500 MB/s (avg 750 MB/s)");
    }

    /** The throughput of all jobs is the sum of the running jobs' own rates, read at one moment; an ended job adds nothing. */
    @Test
    void theAggregateOfTwoJobsIsTheirSum() {
        JobViewModel other = loop(4, "zero");
        JobViewModel ended = loop(5, "zero");
        for (JobViewModel j : List.of(job, other, ended)) {
            j.on(started());
        }
        ended.on(endEvent(result(FinalState.ERASED, null, verifyResult(0))));
        now += NANOS_PER_SECOND;
        job.on(progress(SIZE / 4, 0, null));
        other.on(progress(SIZE / 2, 0, null));
        List.of(job, other, ended).forEach(JobViewModel::drain);

        assertThat(job.rateProperty().get()).isEqualTo(SIZE / 4.0, within(1.0));
        assertThat(other.rateProperty().get()).isEqualTo(SIZE / 2.0, within(1.0));
        assertThat(JobsModel.totalRate(List.of(job, other, ended)))
                .isEqualTo(job.rateProperty().get() + other.rateProperty().get(), within(1e-6));
    }

    /** A pass of 0.3 s (a small test disk) reads its real speed, not 0. */
    @Test
    void aPassShorterThanASecondReadsItsRealSpeed() {
        job.on(started());
        now = NANOS_PER_SECOND / 10;
        job.on(moved(Stage.WRITE, 1, 30_000_000L));
        now = 3 * NANOS_PER_SECOND / 10;
        job.on(moved(Stage.WRITE, 1, 90_000_000L));
        job.drain();

        assertThat(job.rateProperty().get()).isCloseTo(300e6, within(1.0));
    }

    /** A new pass or a read-back starts at nothing done, but the device did not stop: the speed goes on. */
    @Test
    void aNewPassDoesNotResetTheSpeed() {
        job.on(started());
        now = NANOS_PER_SECOND;
        job.on(moved(Stage.WRITE, 1, 1_000_000_000L));
        now = NANOS_PER_SECOND + NANOS_PER_SECOND / 100;
        job.on(moved(Stage.WRITE, 2, 0));
        now = 3 * NANOS_PER_SECOND / 2;
        job.on(moved(Stage.WRITE, 2, 490_000_000L));
        job.drain();

        assertThat(job.rateProperty().get()).as("1.49 GB moved, 0.5 GB of it before the last second")
                .isCloseTo(990e6, within(1.0));
        assertThat(job.ratePoints()).extracting(ThroughputSeries.Point::megabytesPerSecond).doesNotContain(0.0);
    }

    /** A device that takes nothing for a second reads 0, as it is, while the job waits. */
    @Test
    void aDeviceThatTakesNothingReadsZero() {
        job.on(started());
        now = NANOS_PER_SECOND;
        job.on(moved(Stage.WRITE, 1, 1_000_000_000L));
        job.drain();
        now = 5 * NANOS_PER_SECOND / 2;
        job.drain();

        assertThat(job.rateProperty().get()).isZero();
        assertThat(job.speedProperty().get()).isEqualTo("0 kB/s (avg 400 MB/s)");
    }

    /** Frames come sixty times a second and the speed keeps rising; the figure on the card changes four times a second. */
    @Test
    void theSpeedOnTheCardChangesFourTimesASecond() {
        job.on(started());
        job.drain();
        List<String> shown = new ArrayList<>();
        long frame = NANOS_PER_SECOND / 60;
        for (int i = 1; i <= 60; i++) {
            now = i * frame;
            job.on(moved(Stage.WRITE, 1, i * i * 1_000_000L));
            job.drain();
            if (shown.isEmpty() || !shown.get(shown.size() - 1).equals(job.speedProperty().get())) {
                shown.add(job.speedProperty().get());
            }
        }

        assertThat(shown).as("one second of frames").hasSizeBetween(3, 5);
        now += JobViewModel.FIGURES_NANOS;
        job.on(moved(Stage.WRITE, 1, 9_000_000_000L));
        job.drain();
        assertThat(job.speedProperty().get()).as("a quarter of a second later the new figure is there")
                .isNotEqualTo(shown.get(shown.size() - 1));
    }

    /**
     * Two jobs that started a tenth of a second apart change their figures in the same frames:
     * the first frame of each quarter second of the clock, not each a quarter second after its own
     * last change (a dozen jobs would otherwise change something in nearly every frame).
     */
    @Test
    void everyJobChangesItsFiguresInTheSameFrames() {
        JobViewModel other = loop(4, "dod-short");
        now = NANOS_PER_SECOND / 100;
        job.on(started());
        job.drain();
        now = NANOS_PER_SECOND / 10;
        other.on(started());
        other.drain();
        long frame = NANOS_PER_SECOND / 60;
        Set<Long> jobChanged = new HashSet<>();
        Set<Long> otherChanged = new HashSet<>();
        for (int i = 7; i <= 120; i++) {
            now = i * frame;
            String before = job.speedProperty().get();
            String otherBefore = other.speedProperty().get();
            job.on(moved(Stage.WRITE, 1, i * i * 1_000_000L));
            other.on(moved(Stage.WRITE, 1, i * i * 2_000_000L));
            job.drain();
            other.drain();
            if (!job.speedProperty().get().equals(before)) {
                jobChanged.add(now);
            }
            if (!other.speedProperty().get().equals(otherBefore)) {
                otherChanged.add(now);
            }
        }

        assertThat(jobChanged).as("two seconds of frames").hasSizeBetween(7, 9).isEqualTo(otherChanged);
    }

    @Test
    void unknownEtaIsLeftBlank() {
        apply(started(), progress(SIZE, 500e6, Duration.ofSeconds(250)), progress(SIZE + 1, 500e6, null));

        assertThat(job.etaProperty().get()).isEmpty();
    }

    @Test
    void eachFinishedWritePassAddsItsSpeedAcrossTheDevice() {
        List<ThroughputPoint> profile = IntStream.rangeClosed(1, 64)
                .mapToObj(i -> new ThroughputPoint(i * 0.05, 80e6, i * (SIZE / 64))).toList();
        PassResult pass = new PassResult(1, "0x00", false, Stage.WRITE, SIZE, 0, SIZE, SIZE, T0, Duration.ofMillis(3200),
                IoMode.DIRECT, 80e6, 80e6, 80e6, profile, null, new RequestShape(4 << 20, 2));

        apply(started(), new WipeEvent.PassDone(pass), new WipeEvent.PassDone(passResult(2)));

        assertThat(job.acrossDisk()).as("pass 2 has no samples to place").hasSize(1);
        assertThat(job.acrossDisk().get(0)).hasSize(20)
                .allSatisfy(r -> assertThat(r.bytesPerSecond()).isCloseTo(SIZE / 64 / 0.05, within(1.0)));
        assertThat(job.acrossDisk().get(0).get(19).end()).isEqualTo(SIZE);
    }

    @Test
    void passesAndReadBacksAddUpInTheBytesLine() {
        apply(started(), new WipeEvent.PassDone(passResult(1)));
        assertThat(job.bytesProperty().get()).isEqualTo("256 MiB written");

        apply(new WipeEvent.PassDone(passResult(2)), new WipeEvent.Verified(0, verifyResult(0)));

        assertThat(job.bytesProperty().get()).isEqualTo("512 MiB written, 256 MiB verified");
    }

    @Test
    void erasedJobIsCompleteIdleAndSummarised() {
        WipeResult result = result(FinalState.ERASED, FailureCause.NONE, verifyResult(0));
        apply(started(), progress(SIZE, 500e6, Duration.ofSeconds(3)), new WipeEvent.Finished(result));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.ERASED);
        assertThat(job.progressProperty().get()).isEqualTo(1.0);
        assertThat(job.rateProperty().get()).isZero();
        assertThat(job.speedProperty().get()).isEmpty();
        assertThat(job.etaProperty().get()).isEmpty();
        assertThat(job.stageProperty().get()).isEqualTo("ended after 12 s");
        assertThat(job.resultProperty().get()).isSameAs(result);
        assertThat(job.messageProperty().get()).isEqualTo(ResultSummary.result(result)).contains("ERASED");
    }

    @Test
    void anErasedJobsWarningsAreShownBesideItsSummary() {
        String stale = "the kernel may still list the partitions the wipe erased: BLKRRPART failed: EBUSY (Device or"
                + " resource busy); blockdev --rereadpt or partx -d removes them once nothing has them open";
        WipeResult result = result(FinalState.ERASED, FailureCause.NONE, verifyResult(0), List.of(stale));
        apply(started());
        assertThat(job.warningsProperty().get()).as("nothing to say while it runs").isEmpty();

        apply(new WipeEvent.Finished(result));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.ERASED);
        assertThat(job.warningsProperty().get()).isEqualTo("warning: " + stale);
    }

    @Test
    void anUnprovenJobsReasonIsInItsSummaryAndNotRepeatedAsAWarning() {
        WipeResult result = result(FinalState.UNPROVEN, FailureCause.NONE, null);

        apply(started(), new WipeEvent.Finished(result));

        assertThat(job.messageProperty().get()).contains("nothing was read back");
        assertThat(job.warningsProperty().get()).isEmpty();
    }

    @Test
    void finishedWithADifferenceReadBackIsVerifyFailed() {
        WipeResult result = result(FinalState.VERIFY_FAILED, FailureCause.NONE, verifyResult(8));

        apply(started(), new WipeEvent.Finished(result));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.VERIFY_FAILED);
        assertThat(job.messageProperty().get()).isEqualTo(ResultSummary.result(result)).contains("VERIFICATION FAILED");
    }

    @Test
    void deviceThatWentAwayIsAFailureThatSaysSo() {
        WipeResult result = result(FinalState.FAILED, FailureCause.DEVICE_GONE, null);

        apply(started(), progress(SIZE, 500e6, null), new WipeEvent.Failed(result, result.errors().get(0)));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.DEVICE_GONE);
        assertThat(job.progressProperty().get()).as("a failed job's bar stays where it stopped").isEqualTo(0.25);
        assertThat(job.messageProperty().get()).isEqualTo(ResultSummary.result(result));
    }

    @Test
    void ioErrorIsAFailureWithTheSummaryAlone() {
        WipeResult result = result(FinalState.FAILED, FailureCause.IO_ERROR, null);

        apply(started(), new WipeEvent.Failed(result, result.errors().get(0)));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.FAILED);
        assertThat(job.messageProperty().get()).isEqualTo(ResultSummary.result(result)).doesNotContain("went away");
    }

    @Test
    void cancelledEventEndsTheJobCancelled() {
        apply(started(), new WipeEvent.Cancelled(result(FinalState.CANCELLED, FailureCause.NONE, null)));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
        assertThat(job.messageProperty().get()).contains("CANCELLED");
    }

    @Test
    void cancellingARunningJobAsksTheEngineToStop() {
        apply(started());

        job.cancel();

        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLING);
        assertThat(job.cancelToken().isCancelled()).isTrue();
    }

    @Test
    void aCancellingJobShowsNoEta() {
        apply(started());
        now += JobViewModel.ETA_AFTER_NANOS;
        apply(progress(SIZE, 500e6, Duration.ofSeconds(3)));
        assertThat(job.etaProperty().get()).isEqualTo("ETA 3.0 s");

        job.cancel();
        assertThat(job.etaProperty().get()).isEmpty();
        apply(progress(2 * SIZE, 500e6, Duration.ofSeconds(2)));

        assertThat(job.etaProperty().get()).as("it stops after the requests in flight").isEmpty();
        assertThat(job.remainingProperty().get()).isNull();
    }

    @Test
    void cancellingJobEndsCancelledWhenTheEngineStops() {
        apply(started());
        job.cancel();

        apply(new WipeEvent.Cancelled(result(FinalState.CANCELLED, FailureCause.NONE, null)));

        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
    }

    /**
     * The admission checks the target again before the engine emits Started; a cancel in that window must
     * not be undone by the Started event that follows.
     */
    @Test
    void jobCancelledBeforeTheEngineStartedStaysCancelling() {
        job.cancel();

        apply(started());

        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLING);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = FinalState.class)
    void cancellingAnEndedJobLeavesItsEndState(FinalState end) {
        apply(started(), endEvent(result(end, end == FinalState.FAILED ? FailureCause.IO_ERROR : FailureCause.NONE,
                end == FinalState.VERIFY_FAILED ? verifyResult(8) : null)));
        JobState ended = job.stateProperty().get();

        job.cancel();

        assertThat(ended.finished()).isTrue();
        assertThat(job.stateProperty().get()).isEqualTo(ended);
    }

    @Test
    void refusedJobFailsWithTheReason() {
        job.refused("refused: mounted at /mnt/data");

        assertThat(job.stateProperty().get()).isEqualTo(JobState.FAILED);
        assertThat(job.messageProperty().get()).isEqualTo("refused: mounted at /mnt/data");
        assertThat(job.rateProperty().get()).isZero();
    }

    @Test
    void refusalAfterQueuedEventsStillEndsFailed() {
        job.on(started());
        job.on(progress(SIZE, 500e6, null));

        job.refused("/dev/loop3: write failed");
        job.drain();

        assertThat(job.stateProperty().get()).isEqualTo(JobState.FAILED);
        assertThat(job.progressProperty().get()).as("the queued progress was applied").isPositive();
        assertThat(job.rateProperty().get()).isZero();
    }

    @Test
    void jobCancelledWhileQueuedSaysNothingWasWritten() {
        job.cancelledBeforeStart();

        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
        assertThat(job.messageProperty().get()).isEqualTo("cancelled before it started: nothing was written");
    }

    @Test
    void waitingJobNamesTheJobItWaitsFor() {
        job.waitFor("sdb1", "disk sdb");

        assertThat(job.messageProperty().get()).startsWith("queued behind sdb1: both are on sdb");
    }

    @Test
    void graphPointsAreSecondsSinceStartedInMegabytesPerSecond() {
        now = 40 * NANOS_PER_SECOND;
        job.on(started());
        now += 3 * NANOS_PER_SECOND / 2;
        job.on(moved(Stage.WRITE, 1, 450_000_000L));
        job.drain();

        assertThat(job.ratePoints()).containsExactly(new ThroughputSeries.Point(1.5, 300));
        assertThat(job.averagePoints()).containsExactly(new ThroughputSeries.Point(1.5, 300));
    }

    /**
     * A job that ends within its first quarter of a second is not left with an empty graph; its
     * point is where the engine ended, not where the certificate was done.
     */
    @Test
    void aJobOverBeforeItsFirstPointStillDrawsItsSpeedAtItsEnd() {
        now = 40 * NANOS_PER_SECOND;
        job.on(started());
        now += NANOS_PER_SECOND / 100;
        job.on(moved(Stage.WRITE, 1, 64_000_000L));
        now += NANOS_PER_SECOND / 5;
        job.on(new WipeEvent.Finished(result(FinalState.ERASED, FailureCause.NONE, verifyResult(0))));
        job.drain();

        assertThat(job.ratePoints()).containsExactly(new ThroughputSeries.Point(0.01, 6400));
        assertThat(job.averagePoints()).containsExactly(new ThroughputSeries.Point(0.01, 6400));
    }

    /** The graph ends where the job ended, even a moment after the point before. */
    @Test
    void aGraphEndsAtItsJobsEnd() {
        job.on(started());
        now = 3 * NANOS_PER_SECOND / 2;
        job.on(moved(Stage.WRITE, 1, 450_000_000L));
        job.drain();
        now += NANOS_PER_SECOND / 10;
        job.on(moved(Stage.WRITE, 1, 480_000_000L));
        job.on(new WipeEvent.Failed(result(FinalState.FAILED, FailureCause.NONE, null), "write failed"));
        job.drain();

        assertThat(job.ratePoints()).extracting(ThroughputSeries.Point::seconds).containsExactly(1.5, 1.6);
        assertThat(job.averagePoints()).last().isEqualTo(new ThroughputSeries.Point(1.6, 300));
    }

    /**
     * Frames every 0.25 s from 0.25 s to 1250 s, each with 1 MB more: the half-second spacing keeps
     * every other one (0.25 s, 0.75 s, ... 1249.75 s, 2500 in all) and the cap the newest 1200.
     */
    @Test
    void graphsKeepTheLastTenMinutesAtTwoPointsASecond() {
        job.on(started());
        for (int i = 1; i <= 5000; i++) {
            now = i * NANOS_PER_SECOND / 4;
            job.on(moved(Stage.WRITE, 1, i * 1_000_000L));
            job.drain();
        }

        double newestEvent = 5000 / 4.0;
        for (List<ThroughputSeries.Point> points : List.of(job.ratePoints(), job.averagePoints())) {
            assertThat(points).hasSize(1200);
            assertThat(gaps(points)).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(0.5));
            assertThat(points.get(points.size() - 1).seconds()).isEqualTo(1249.75).isGreaterThan(newestEvent - 0.5);
            assertThat(points.get(0).seconds()).isEqualTo(650.25).isGreaterThanOrEqualTo(newestEvent - 600);
        }
        assertThat(job.ratePoints().get(job.ratePoints().size() - 1).megabytesPerSecond())
                .as("4 MB in each second").isCloseTo(4.0, within(1e-9));
    }

    @Test
    void graphPointsCannotBeChangedFromOutside() {
        assertThatThrownBy(() -> job.ratePoints().add(new ThroughputSeries.Point(0, 0)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aJobsCompanyIsHowManyJobsWorkedAtOnceWithItOnAverage() {
        JobViewModel other = loop(4, "dod-short");
        JobViewModel queued = loop(5, "dod-short");
        List<JobViewModel> all = List.of(job, other, queued);
        assertThat(job.company(all)).as("before it started").isEqualTo(1.0);

        apply(started());
        now = 5 * NANOS_PER_SECOND;
        other.on(started());
        other.drain();
        now = 10 * NANOS_PER_SECOND;
        apply(progress(SIZE, 500e6, null));
        now = 11 * NANOS_PER_SECOND;
        apply(new WipeEvent.Finished(result(FinalState.ERASED, FailureCause.NONE, verifyResult(0))));
        now = 20 * NANOS_PER_SECOND;

        assertThat(job.company(all)).as("alone for 5 s, with loop4 for 5 s up to its last progress").isEqualTo(1.5);
        assertThat(other.company(all)).as("loop4, still running: with loop3 for 5 of its 15 s").isCloseTo(4.0 / 3, within(1e-9));
    }

    /** A 256 MiB loop device's job with {@code method}, on the test's clock. */
    private JobViewModel loop(int number, String method) {
        return new JobViewModel("/dev/loop" + number, "loop" + number, "Loop · 256 MiB",
                WipeRequest.of(WipeMethods.byName(method).orElseThrow()), Set.of("disk loop" + number), () -> now, false);
    }

    private void apply(WipeEvent... events) {
        for (WipeEvent e : events) {
            job.on(e);
        }
        job.drain();
    }

    private static List<Double> gaps(List<ThroughputSeries.Point> points) {
        List<Double> gaps = new ArrayList<>();
        for (int i = 1; i < points.size(); i++) {
            gaps.add(points.get(i).seconds() - points.get(i - 1).seconds());
        }
        return gaps;
    }

    private static WipeEvent endEvent(WipeResult r) {
        return switch (r.state()) {
            case ERASED, ERASED_EXCEPT_BAD_SECTORS, PURGED, UNPROVEN, VERIFY_FAILED -> new WipeEvent.Finished(r);
            case FAILED -> new WipeEvent.Failed(r, r.errors().get(0));
            case CANCELLED -> new WipeEvent.Cancelled(r);
        };
    }

    /** Job of three passes and a read-back: 4 × SIZE bytes in all; the average is always 400 MB/s. */
    /** Progress of {@code stageBytesDone} in a stage, the engine's own rates left out. */
    private static WipeEvent.Progress moved(Stage stage, int pass, long stageBytesDone) {
        return new WipeEvent.Progress(stage, pass, PASSES, 0, stageBytesDone, 4 * SIZE, 0, 4 * SIZE, 0, 0, null, null);
    }
}
