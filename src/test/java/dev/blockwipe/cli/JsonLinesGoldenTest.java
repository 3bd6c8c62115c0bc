package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.fault.ThermalPause;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.ThroughputPoint;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.report.ReportStore;
import org.junit.jupiter.api.Test;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The {@code --json} lines are a contract with scripts and fleet tools: one line of every kind,
 * field names, their order, which are left out and how numbers are written, pinned byte for byte
 * in {@code json-lines.golden.jsonl} beside this class.
 */
class JsonLinesGoldenTest {
    private static final Instant T0 = Instant.parse("2026-12-05T06:32:56.123456789Z");
    private static final long SIZE = 64L << 20;

    @Test
    void everyKindOfLineIsTheGoldenBytes() throws Exception {
        StringWriter out = new StringWriter();
        JsonLines lines = new JsonLines(new PrintWriter(out), Clock.fixed(T0, ZoneOffset.UTC));

        lines.plan("/dev/sdb", "dod-short", 3, "last", "no proof of erasure: nothing is read back");
        lines.waiting("/dev/sdb", "/dev/sda", "sda");
        for (WipeEvent event : events()) {
            lines.on(event);
        }
        lines.certificate("/dev/sdb", new ReportStore.CertificateFiles(Path.of("/r/c.json"), Path.of("/r/c.json.sig"),
                Path.of("/r/c.pdf"), Path.of("/r/c.log")));

        assertThat(out.toString()).isEqualTo(Files.readString(
                Path.of(JsonLinesGoldenTest.class.getResource("json-lines.golden.jsonl").toURI())));
    }

    private static List<WipeEvent> events() {
        Stall stall = new Stall(1, Stage.WRITE, 8L << 20, Duration.ofMillis(125_500));
        Temperatures temperatures = new Temperatures(3, 41, 61, 61, 60,
                List.of(new ThermalPause(1, 16L << 20, 61, Duration.ofMillis(30_250))));
        return List.of(
                new WipeEvent.Started(target(), plan()),
                new WipeEvent.PassStarted(new Pass(1, Pattern.Repeating.of(0x00), false), 3, Stage.WRITE),
                new WipeEvent.Progress(Stage.WRITE, 1, 3, 0, 24L << 20, SIZE, 24L << 20, 4 * SIZE, 201.4e6, 198.6e6,
                        Duration.ofSeconds(95), stall),
                new WipeEvent.Progress(Stage.VERIFY, 0, 3, 4L << 20, 0, SIZE - (4L << 20), 3 * SIZE, 4 * SIZE, 0, 0, null,
                        null),
                new WipeEvent.Checkpoint(1, 32L << 20, List.of(badRange()), List.of(stall)),
                new WipeEvent.Temperature(temperatures, true),
                new WipeEvent.PassDone(passResult(1)),
                new WipeEvent.VerifyStarted(target(), 0, new Verification.Last(), SIZE),
                new WipeEvent.Verified(0, verifyResult()),
                new WipeEvent.Finished(result(FinalState.ERASED_EXCEPT_BAD_SECTORS, FailureCause.NONE, temperatures)),
                new WipeEvent.Failed(result(FinalState.FAILED, FailureCause.DEVICE_GONE, Temperatures.none(0)),
                        "/dev/sdb: write at byte 4096: ENODEV"),
                new WipeEvent.Cancelled(result(FinalState.CANCELLED, FailureCause.NONE, Temperatures.none(0))));
    }

    private static TargetInfo target() {
        return new TargetInfo("/dev/sdb", "sdb", "/dev/sdb", TargetIdentity.device(8, 16, SIZE, 7, "WX12", "", null), SIZE,
                512, 4096, 0, true, IoMode.DIRECT, 1, OldData.NONE);
    }

    private static WipePlan plan() {
        return new WipePlan(WipeMethods.byName("dod-short").orElseThrow(),
                List.of(new Pass(1, Pattern.Repeating.of(0x00), false), new Pass(2, Pattern.Repeating.of(0xFF), false),
                        new Pass(3, Pattern.Repeating.of(0x00), true)),
                new Verification.Last(), 4 << 20, 4, 1 << 20, 4, Keystreams.JCE.describe());
    }

    private static BadRange badRange() {
        return new BadRange(12L << 20, 4096, "EIO", 1, Stage.WRITE);
    }

    private static PassResult passResult(int number) {
        return new PassResult(number, "0x00", false, Stage.WRITE, SIZE, 0, SIZE, SIZE, T0, Duration.ofMillis(3217),
                IoMode.DIRECT, SIZE / 3.217, 80.25e6, 95.75e6, List.of(new ThroughputPoint(1.5, 90e6, 32L << 20)), null,
                new RequestShape(4 << 20, 4));
    }

    private static VerifyResult verifyResult() {
        return new VerifyResult("last", "0x00", SIZE, SIZE - 4096, 8, 12L << 20, List.of(new ByteRange(12L << 20, 4096)),
                4096, 0, true, Duration.ofMillis(1504), new RequestShape(1 << 20, 2));
    }

    private static WipeResult result(FinalState state, FailureCause cause, Temperatures temperatures) {
        return new WipeResult(target(), plan(), List.of(passResult(1)), state == FinalState.FAILED ? null : verifyResult(),
                state, cause, state == FinalState.FAILED ? List.of("/dev/sdb: write at byte 4096: ENODEV") : List.of(),
                List.of("slow region at 12 MiB"), null, List.of(badRange()), List.of(), temperatures, ResumePoint.START,
                T0, T0.plusMillis(12_345), null, Smart.unavailable("a test"), Smart.unavailable("a test"));
    }
}
