package dev.blockwipe.ui.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.ui.dialogs.ThroughputEstimates;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import dev.blockwipe.ui.tree.RowFacts;
import dev.blockwipe.ui.tree.Rows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The jobs: started from a confirmed dialog, shown on the rows, cancelled only after a question.
 * The job is a Gutmann wipe of a large sparse file, surely still running while the test looks.
 */
class JobsModelTest extends DeviceFixture {
    private DeviceTreeModel tree;
    private JobsModel jobs;
    private final List<Map<String, JobViewModel>> shownOnRows = new ArrayList<>();
    private DeviceRow image;
    private Certifier certifier;

    @Override
    protected DeviceTreeModel tree() {
        return tree;
    }

    @BeforeEach
    void aBigImage() throws IOException {
        certifier = new Certifier(settings(), new HostInfo("test-host", "", "", "", "", "", BOOT_ID), BuildInfo.current());
        tree = new DeviceTreeModel(services(true), dialogs, () -> certifier.journals());
        jobs = new JobsModel(services(true), dialogs, () -> certifier, shownOnRows::add, job -> { });
        rescan(tree);
        image = tree.addImageFile(sparse("big.img", 8L << 30).toString()).join();
    }

    @AfterEach
    void closeModels() {
        jobs.close();
        tree.close();
    }

    @Test
    void aStartedJobIsShownOnItsRowAndCountedAsActive() {
        JobViewModel job = start();

        assertThat(jobs.jobs()).containsExactly(job);
        assertThat(jobs.activeJobsProperty().get()).isEqualTo(1);
        assertThat(jobs.hasActiveJobs()).isTrue();
        assertThat(shownOnRows).last().isEqualTo(Map.of(image.facts().path(), job));
        assertThat(jobs.runningOn(image.facts(), tree.sharedDevices().keys(image.facts().identity()))).contains(job);
    }

    /** The step that lowers a job's priority below the window's runs on the job's thread, not the window's. */
    @Test
    void theJobThreadStepRunsOnTheJobsThread() throws Exception {
        String window = Thread.currentThread().getName();
        start();

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !jobThreads.isEmpty());
        assertThat(jobThreads).singleElement().asString().startsWith("blockwipe-job-").isNotEqualTo(window);
    }

    /**
     * A cancelled job's card says it can be resumed: the runner applies the engine's last events
     * (the result's summary) before it adds the journal's hint, whatever the frames drained.
     */
    @Test
    void aCancelledJobSaysItCanBeResumed() throws Exception {
        JobViewModel job = start();
        // a job cancelled before its journal is written has nothing to resume
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> hasFiles(settings().journalDir()));
        dialogs.answer(true);

        jobs.requestCancel(job);

        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> job.stateProperty().get().finished());
        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
        assertThat(job.messageProperty().get()).contains("CANCELLED", "resumable: select big.img and choose Resume…");
    }

    @Test
    void cancelAllAndCancelAskFirstAndNoKeepsTheJob() {
        JobViewModel job = start();
        dialogs.answer(false, false, false);

        jobs.requestCancelAll();
        jobs.requestCancel(job);
        assertThat(jobs.mayQuit()).as("No to 'Wipes are running' stays").isFalse();

        assertThat(dialogs.asked()).containsExactly("Cancel all 1 jobs?", "Cancel the wipe of big.img?",
                "Wipes are running. Cancel them and quit?");
        assertThat(job.cancelToken().isCancelled()).isFalse();

        dialogs.answer(true);
        jobs.requestCancel(job);
        assertThat(job.cancelToken().isCancelled()).isTrue();
    }

    /**
     * Jobs started together plan their requests within an equal part of the buffer budget: with
     * 8 MiB, one job alone writes 4 MiB requests (two in flight), each of two jobs 2 MiB ones.
     */
    @Test
    void jobsStartedTogetherShareTheBufferBudget() throws Exception {
        bufferBudget = BufferPool.MIN_BUDGET;
        JobsModel sharing = new JobsModel(services(true), dialogs, () -> certifier, rows -> { }, job -> { });
        try {
            DeviceRow a = tree.addImageFile(sparse("a.img", 64L << 20).toString()).join();
            DeviceRow b = tree.addImageFile(sparse("b.img", 64L << 20).toString()).join();

            assertThat(requestSizes(sharing, List.of(a))).containsOnly(4 << 20);
            CyclicBarrier bothStarted = new CyclicBarrier(2);
            onJobThread = () -> {
                try {
                    bothStarted.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                    throw new AssertionError("the two jobs did not start together", e);
                }
            };
            assertThat(requestSizes(sharing, List.of(a, b))).as("neither ends before the other starts")
                    .containsOnly(2 << 20);
        } finally {
            sharing.close();
        }
    }

    private static boolean hasFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.findAny().isPresent();
        }
    }

    /** Wipes {@code rows} with zeroes from one dialog and returns the request sizes their certificates name. */
    private List<Integer> requestSizes(JobsModel model, List<DeviceRow> rows) throws Exception {
        List<JobViewModel> started = model.startWipe(paths(rows), facts -> Optional.of(confirmed(facts, "zero"))).join();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
                () -> started.stream().allMatch(j -> j.stateProperty().get().finished()));
        assertThat(started).extracting(j -> j.stateProperty().get()).containsOnly(JobState.ERASED);
        List<Integer> sizes = new ArrayList<>();
        try (Stream<Path> reports = Files.list(settings().reportDir())) {
            for (Path json : reports.filter(p -> p.toString().endsWith(".json")).toList()) {
                Matcher m = Pattern.compile("\"requestBytes\"\\s*:\\s*(\\d+)").matcher(Files.readString(json));
                while (m.find()) {
                    sizes.add(Integer.parseInt(m.group(1)));
                }
                Files.delete(json);
            }
        }
        assertThat(sizes).isNotEmpty();
        return sizes;
    }

    @Test
    void anUnconfirmedDialogStartsNothingAndLetsTheTargetGo() throws Exception {
        CompletableFuture<List<JobViewModel>> started = jobs.startWipe(paths(List.of(image)),
                facts -> Optional.of(new WipeDialogViewModel(facts, new ThroughputEstimates(), Operator.UNNAMED, Rows.noDrive())));

        assertThatThrownBy(started::join).hasCauseInstanceOf(IllegalStateException.class);
        assertThat(jobs.jobs()).isEmpty();
        try (OpenedTarget again = new LinuxTargets().open(image.facts().path(), Access.WRITE)) {
            assertThat(again.info().name()).isEqualTo("big.img");
        }
    }

    private JobViewModel start() {
        return jobs.startWipe(paths(List.of(image)), facts -> Optional.of(confirmed(facts, "gutmann"))).join().get(0);
    }

    private static List<String> paths(List<DeviceRow> rows) {
        return rows.stream().map(r -> r.facts().path()).toList();
    }

    /** The dialog for {@code facts}, with {@code method} chosen and the confirmation typed. */
    private static WipeDialogViewModel confirmed(List<RowFacts> facts, String method) {
        WipeDialogViewModel dialog = new WipeDialogViewModel(facts, new ThroughputEstimates(), Operator.UNNAMED, Rows.noDrive());
        dialog.methodProperty().set(WipeMethods.byName(method).orElseThrow());
        dialog.confirmation().typedProperty().set(dialog.confirmation().expected());
        return dialog;
    }
}
