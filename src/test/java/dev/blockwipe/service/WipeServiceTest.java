package dev.blockwipe.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.Preflight;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.schedule.JobScheduler;
import dev.blockwipe.linux.HostFacts;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service's own order of things, on image files it admits as a front end would. */
class WipeServiceTest {
    private static final long SIZE = 4L << 20;

    @TempDir
    Path tmp;

    private Settings settings;
    private final Map<String, JobScheduler.Outcome<Certifier.Report>> ended = new ConcurrentHashMap<>();

    @BeforeEach
    void settings() {
        settings = new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"),
                new Operator("Ada Tech", "Lab 4"), Sh.uid());
    }

    /**
     * A job is checked against its target before its paperwork begins: a block size the target
     * cannot take ends the job with that refusal and leaves no log, no reserved certificate and no
     * journal behind, and the job beside it still runs to its certificate.
     */
    @Test
    void aJobThatCannotRunOnItsTargetLeavesNoPaperworkBehindAndTheOtherJobRuns() throws Exception {
        Admission.Admitted odd = admit("odd.img");
        Admission.Admitted fine = admit("fine.img");
        Certifier certifier = new Certifier(settings, HostFacts.read(), BuildInfo.current());
        WipeRequest zero = WipeRequest.of(WipeMethods.byName("zero").orElseThrow());

        try (WipeService<String> service = new WipeService<>(Keystreams.JCE, new BufferPool(64L << 20), () -> { },
                listener())) {
            service.submit(List.of(
                    new WipeService.Wipe<>("odd", odd, zero.withBlockSize(1000), odd.before(""), null, certifier,
                            WipeListener.NONE, new CancelToken())));
            service.awaitIdle();
            assertThat(ended.get("odd")).isInstanceOfSatisfying(JobScheduler.Outcome.Failed.class,
                    f -> assertThat(f.error()).isInstanceOf(TargetException.class).hasMessageContaining("1000"));
            assertThat(settings.reportDir()).as("no log, no reserved certificate").doesNotExist();
            assertThat(settings.journalDir()).doesNotExist();

            service.submit(List.of(new WipeService.Wipe<>("fine", fine, zero, fine.before(""), null, certifier,
                    WipeListener.NONE, new CancelToken())));
            service.awaitIdle();
        }
        assertThat(ended.get("fine")).isInstanceOfSatisfying(JobScheduler.Outcome.Done.class,
                d -> assertThat(((Certifier.Report) d.value()).result().state()).isEqualTo(FinalState.ERASED));
        assertThat(Files.readAllBytes(tmp.resolve("fine.img"))).containsOnly(0);
    }

    private Admission.Admitted admit(String name) throws IOException {
        Path image = tmp.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(SIZE);
            f.write(new byte[] {1, 2, 3});
        }
        return new Admission(new LinuxTargets(), new Preflight(new LinuxInventory()), false, Admission.Pause.NONE)
                .admit(List.of(image.toString()), candidates -> { }).get(0);
    }

    private WipeService.Listener<String> listener() {
        return new WipeService.Listener<>() {
            @Override
            public void waiting(String job, String behind, String shared) {
            }

            @Override
            public void ended(String job, JobScheduler.Outcome<Certifier.Report> outcome) {
                ended.put(job, outcome);
            }

            @Override
            public void closeFailed(String job, IOException failure) {
                throw new AssertionError(job + ": closing its target failed", failure);
            }
        };
    }
}
